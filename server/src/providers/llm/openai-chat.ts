import { z } from 'zod';
import { ChatProviderError, type ChatMessage, type ChatProvider } from './chat';

export interface OpenAiChatOptions {
  /** The API root, with its version: https://api.openai.com/v1, http://localhost:11434/v1 (Ollama). */
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  temperature?: number;
  maxTokens?: number;
}

const completionSchema = z.object({
  choices: z.array(
    z.object({ message: z.object({ content: z.string().nullable().optional() }).loose() }).loose(),
  ),
});
const chunkSchema = z.object({
  choices: z.array(
    z.object({ delta: z.object({ content: z.string().nullable().optional() }).loose() }).loose(),
  ),
});
const errorBodySchema = z.object({ error: z.object({ message: z.string() }).loose() });

/** providers.md §2: the `{error:{message}}` body when there is one, else the status line. */
async function toError(response: Response): Promise<ChatProviderError> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML page): the status is all there is.
  }
  const parsed = errorBodySchema.safeParse(body);
  const detail = parsed.success ? parsed.data.error.message : `HTTP ${response.status}`;
  return new ChatProviderError(`chat completion failed (${response.status}): ${detail}`, response.status);
}

/**
 * Server-sent events from a fetch body: yields each `data:` payload; `[DONE]` ends the stream.
 * Events are separated by a blank line and may arrive split across chunks.
 */
async function* serverSentData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true }).replace(/\r\n/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n');
      if (data === '[DONE]') return;
      if (data) yield data;
      end = buffer.indexOf('\n\n');
    }
  }
}

/**
 * An OpenAI-compatible chat-completions client by plain fetch (OpenAI, Ollama, llama.cpp, vLLM):
 * `POST {base}/chat/completions` with a bearer key, whole or streamed.
 */
export function createOpenAiChat(options: OpenAiChatOptions): ChatProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function post(messages: readonly ChatMessage[], stream: boolean, signal?: AbortSignal) {
    const timeout = AbortSignal.timeout(timeoutMs);
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          'Content-Type': 'application/json',
          Accept: stream ? 'text/event-stream' : 'application/json',
        },
        body: JSON.stringify({
          model: options.model,
          messages,
          temperature: options.temperature ?? 0.7,
          max_tokens: options.maxTokens ?? 700,
          stream,
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throw new ChatProviderError(`chat completion unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw await toError(response);
    return response;
  }

  return {
    name: `openai-compatible (${options.model})`,

    async complete(messages, signal) {
      const response = await post(messages, false, signal);
      const parsed = completionSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new ChatProviderError('chat completion answered an unexpected shape');
      return parsed.data.choices[0]?.message.content ?? '';
    },

    async *stream(messages, signal) {
      const response = await post(messages, true, signal);
      if (!response.body) throw new ChatProviderError('chat completion stream has no body');
      for await (const data of serverSentData(response.body)) {
        let json: unknown;
        try {
          json = JSON.parse(data);
        } catch {
          throw new ChatProviderError('chat completion stream sent an unreadable event');
        }
        // The usage chunk (stream_options.include_usage) has no choices: nothing to say.
        const parsed = chunkSchema.safeParse(json);
        if (!parsed.success) continue;
        const piece = parsed.data.choices[0]?.delta.content;
        if (piece) yield piece;
      }
    },
  };
}
