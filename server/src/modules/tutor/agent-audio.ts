import { wavHeader } from '../../providers/audio/wav';

/** The local agent's audio formats (spec 002 §9: input pcm 16000, quarter-second buffers). */
export const AGENT_SAMPLE_RATE = 16_000;
export const AGENT_AUDIO_FORMAT = `pcm_${AGENT_SAMPLE_RATE}` as const;
/** A quarter second of 16-bit mono PCM. */
export const CHUNK_BYTES = (AGENT_SAMPLE_RATE / 4) * 2;

/** 16-bit little-endian PCM cut into quarter-second base64 chunks, as the SDK plays them. */
export function toAudioChunks(pcm: Buffer): string[] {
  const chunks: string[] = [];
  for (let offset = 0; offset < pcm.length; offset += CHUNK_BYTES) {
    chunks.push(pcm.subarray(offset, Math.min(offset + CHUNK_BYTES, pcm.length)).toString('base64'));
  }
  return chunks;
}

/** Root-mean-square level of 16-bit PCM, 0..1. */
export function rms(pcm: Buffer): number {
  const count = Math.floor(pcm.length / 2);
  if (count === 0) return 0;
  let sum = 0;
  for (let i = 0; i < count; i += 1) {
    const sample = pcm.readInt16LE(i * 2) / 32768;
    sum += sample * sample;
  }
  return Math.sqrt(sum / count);
}

/** A WAV file around 16-bit mono PCM, for a transcription API. */
export function wavFile(pcm: Buffer, sampleRate = AGENT_SAMPLE_RATE): Buffer {
  return Buffer.concat([wavHeader(pcm.length, { sampleRate, channels: 1 }), pcm]);
}

/** Speech/silence from the microphone's chunks: an utterance ends after a pause. */
export interface VoiceActivity {
  /** Feeds one chunk; returns a finished utterance's PCM when the speaker paused. */
  push(pcm: Buffer): Buffer | null;
  /** Whether the user is speaking now (for interrupting the agent). */
  readonly speaking: boolean;
}

const SPEECH_LEVEL = 0.02;
const END_SILENCE_MS = 800;
const MAX_UTTERANCE_MS = 15_000;
const MIN_SPEECH_MS = 150;

export function createVoiceActivity(): VoiceActivity {
  let buffered: Buffer[] = [];
  let speechMs = 0;
  let silenceMs = 0;
  let totalMs = 0;
  let speaking = false;
  const ms = (pcm: Buffer) => (pcm.length / 2 / AGENT_SAMPLE_RATE) * 1000;
  return {
    get speaking() {
      return speaking;
    },
    push(pcm) {
      const loud = rms(pcm) >= SPEECH_LEVEL;
      if (!speaking && !loud) return null;
      speaking = true;
      buffered.push(pcm);
      totalMs += ms(pcm);
      if (loud) {
        speechMs += ms(pcm);
        silenceMs = 0;
      } else {
        silenceMs += ms(pcm);
      }
      if (silenceMs < END_SILENCE_MS && totalMs < MAX_UTTERANCE_MS) return null;
      const utterance = speechMs >= MIN_SPEECH_MS ? Buffer.concat(buffered) : null;
      buffered = [];
      speechMs = silenceMs = totalMs = 0;
      speaking = false;
      return utterance;
    },
  };
}
