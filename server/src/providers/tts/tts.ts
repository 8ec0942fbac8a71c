import type { Voice } from '@klang/domain';
import type { GeneratedAudio } from '../sound-fx/sound-fx';

export interface SpeechRequest {
  text: string;
  voiceId: string;
  /** Each 0..1 (spec 002 §3 vocal settings). */
  stability: number;
  similarityBoost: number;
  style: number;
  /** 0.1..4, the VocalLab slider's range. */
  speed: number;
  /**
   * Speak on one steady pitch, for singing (sing.ts) to shift onto notes. An engine that cannot
   * (ElevenLabs) speaks as usual; the singing measures each word's pitch either way.
   */
  monotone?: boolean;
}

/** The voice is not one this provider offers. */
export class UnknownVoiceError extends Error {
  constructor(voiceId: string) {
    super(`unknown voice ${voiceId}`);
    this.name = 'UnknownVoiceError';
  }
}

/** The engine cannot run on this machine (eSpeak NG not installed). */
export class TtsUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TtsUnavailableError';
  }
}

/** Text to speech and its voices (spec 002 §7 get-voices, generate-vocals). */
export interface TtsProvider {
  /** 'elevenlabs', 'espeak-ng', or 'espeak-ng (not installed)' so /api/health tells the truth. */
  readonly name: string;
  listVoices(signal?: AbortSignal): Promise<Voice[]>;
  synthesize(request: SpeechRequest, signal?: AbortSignal): Promise<GeneratedAudio>;
}
