import type { ElevenLabsClient } from '../elevenlabs/elevenlabs-client';
import type { SoundFxProvider } from './sound-fx';

/**
 * ElevenLabs sound generation (providers.md §1a): the spec's prompt becomes `text`; the model
 * chooses the duration, as the spec's call names none.
 */
export function createElevenLabsSoundFx(client: ElevenLabsClient): SoundFxProvider {
  return {
    name: 'elevenlabs',
    async generate(prompt, signal) {
      const audio = await client.postForAudio(
        '/v1/sound-generation?output_format=mp3_44100_128',
        { text: prompt, duration_seconds: null, prompt_influence: 0.3 },
        signal,
      );
      return { audio, contentType: 'audio/mpeg' };
    },
  };
}
