import { z } from 'zod';
import { SttError, type SttProvider } from './stt';

export interface OpenAiSttOptions {
  /** The API root with its version, e.g. https://api.openai.com/v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const transcriptionSchema = z.object({ text: z.string() });

/** providers.md §6: `POST {base}/audio/transcriptions`, multipart with the file and model; `{text}` back. */
export function createOpenAiStt(options: OpenAiSttOptions): SttProvider {
  const doFetch = options.fetch ?? fetch;
  const url = `${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`;
  return {
    name: `openai-compatible (${options.model})`,
    async transcribe(wav, signal) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'speech.wav');
      form.append('model', options.model);
      form.append('language', 'en');
      form.append('response_format', 'json');
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${options.apiKey}` },
          body: form,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        throw new SttError(`transcription unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) throw new SttError(`transcription failed (${response.status})`);
      const parsed = transcriptionSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new SttError('transcription answered an unexpected shape');
      return parsed.data.text.trim();
    },
  };
}
