import { z } from 'zod';

export interface ElevenLabsOptions {
  apiKey: string;
  /** https://api.elevenlabs.io, or a residency variant; tests point it at a local fake. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** A failed ElevenLabs call: the status and the message its error body carried. */
export class ElevenLabsError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly detailStatus: string | null,
  ) {
    super(message);
    this.name = 'ElevenLabsError';
  }
}

// providers.md §1: 422 carries a list of validation issues, 401/4xx a detail object.
const errorBodySchema = z.object({
  detail: z.union([
    z.array(z.object({ msg: z.string() }).loose()),
    z.object({ message: z.string().optional(), status: z.string().optional() }).loose(),
    z.string(),
  ]),
});

async function toError(response: Response): Promise<ElevenLabsError> {
  const text = await response.text().catch(() => '');
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status line is all there is to say.
  }
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return new ElevenLabsError(response.status, `HTTP ${response.status}`, null);
  const detail = parsed.data.detail;
  if (typeof detail === 'string') return new ElevenLabsError(response.status, detail, null);
  if (Array.isArray(detail)) {
    return new ElevenLabsError(response.status, detail.map((d) => d.msg).join('; '), 'validation_error');
  }
  return new ElevenLabsError(
    response.status,
    detail.message ?? detail.status ?? `HTTP ${response.status}`,
    detail.status ?? null,
  );
}

/** Plain fetch to the documented REST API with the `xi-api-key` header; throws ElevenLabsError. */
export function createElevenLabsClient(options: ElevenLabsOptions) {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 120_000;
  async function request(
    path: string,
    init: { method: 'GET' | 'POST'; json?: unknown; signal?: AbortSignal },
  ) {
    const timeout = AbortSignal.timeout(timeoutMs);
    const response = await doFetch(new URL(path, options.baseUrl), {
      method: init.method,
      headers: {
        'xi-api-key': options.apiKey,
        ...(init.json !== undefined && { 'Content-Type': 'application/json' }),
      },
      ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
      signal: init.signal ? AbortSignal.any([init.signal, timeout]) : timeout,
    });
    if (!response.ok) throw await toError(response);
    return response;
  }
  return {
    async getJson(path: string, signal?: AbortSignal): Promise<unknown> {
      const response = await request(path, { method: 'GET', ...(signal && { signal }) });
      return response.json();
    },
    async postForAudio(path: string, json: unknown, signal?: AbortSignal): Promise<Buffer> {
      const response = await request(path, { method: 'POST', json, ...(signal && { signal }) });
      const audio = Buffer.from(await response.arrayBuffer());
      if (audio.length === 0) throw new ElevenLabsError(response.status, 'empty audio', null);
      return audio;
    },
  };
}

export type ElevenLabsClient = ReturnType<typeof createElevenLabsClient>;
