/** Speech to text for the live voice agent's microphone input. */
export interface SttProvider {
  /** 'openai-compatible (model)' or 'none', so /api/health tells the truth. */
  readonly name: string;
  /** Null when no engine is configured: the agent then says so instead of pretending to listen. */
  transcribe: ((wav: Buffer, signal?: AbortSignal) => Promise<string>) | null;
}

export class SttError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SttError';
  }
}

/** No speech-to-text engine: the voice agent takes typed messages only. */
export const NO_STT: SttProvider = { name: 'none', transcribe: null };
