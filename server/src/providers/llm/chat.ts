/** One turn of a chat, in the roles every chat-completions API knows. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** The engine is misconfigured or unreachable: the tutor answers with its failure text. */
export class ChatProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ChatProviderError';
  }
}

/** A tutor's answering engine: the whole reply at once, or as it is written. */
export interface ChatProvider {
  /** 'openai-compatible (model)' or 'local-tutor', so /api/health tells the truth. */
  readonly name: string;
  complete(messages: readonly ChatMessage[], signal?: AbortSignal): Promise<string>;
  /** The reply in pieces, in order; their concatenation is the reply. */
  stream(messages: readonly ChatMessage[], signal?: AbortSignal): AsyncIterable<string>;
}
