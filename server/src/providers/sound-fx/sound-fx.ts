/** A generated sound effect: the audio file and its type. */
export interface GeneratedAudio {
  audio: Buffer;
  contentType: 'audio/mpeg';
}

/** Turns a text description into a short sound effect (spec 002 §7 generate-soundfx). */
export interface SoundFxProvider {
  readonly name: 'elevenlabs' | 'local';
  generate(prompt: string, signal?: AbortSignal): Promise<GeneratedAudio>;
}
