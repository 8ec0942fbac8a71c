import { z } from 'zod';
import type { ElevenLabsClient } from '../elevenlabs/elevenlabs-client';
import type { TtsProvider } from './tts';

/** ElevenLabs documents speed 0.7..1.2 (providers.md §1b); the slider's 0.1..4 is clamped into it. */
export const ELEVENLABS_SPEED = { min: 0.7, max: 1.2 } as const;

const voicesSchema = z.object({
  voices: z.array(
    z.object({ voice_id: z.string(), name: z.string(), category: z.string().nullish() }).loose(),
  ),
});

/** ElevenLabs voices (GET /v1/voices) and text to speech (POST /v1/text-to-speech/{voice_id}). */
export function createElevenLabsTts(
  client: ElevenLabsClient,
  options: { modelId?: string } = {},
): TtsProvider {
  return {
    name: 'elevenlabs',
    async listVoices(signal) {
      const { voices } = voicesSchema.parse(await client.getJson('/v1/voices', signal));
      return voices.map((v) => ({ voice_id: v.voice_id, name: v.name, category: v.category ?? 'premade' }));
    },
    async synthesize(request, signal) {
      const audio = await client.postForAudio(
        `/v1/text-to-speech/${encodeURIComponent(request.voiceId)}?output_format=mp3_44100_128`,
        {
          text: request.text,
          model_id: options.modelId ?? 'eleven_multilingual_v2',
          // The spec's client sends speed beside voice_settings; the API reads it inside.
          voice_settings: {
            stability: request.stability,
            similarity_boost: request.similarityBoost,
            style: request.style,
            speed: Math.min(ELEVENLABS_SPEED.max, Math.max(ELEVENLABS_SPEED.min, request.speed)),
          },
        },
        signal,
      );
      return { audio, contentType: 'audio/mpeg' };
    },
  };
}
