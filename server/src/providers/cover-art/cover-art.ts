/** Generates cover art from a prompt (spec 001 §7 generate-cover-art). */
export interface CoverArtProvider {
  readonly name: 'local' | 'openai';
  /** Resolves with the image bytes (JPEG or PNG); rejects when the service gives none. */
  generate(prompt: string, seed: number): Promise<Buffer>;
}
