import { KIT_MESSAGES, type GenerateVocalsRequest } from '@klang/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { generateSound } from './soundlab-api';
import { generateVocals } from './vocallab-api';

/** Answers every fetch with this status line and body. */
function respond(status: number, statusText: string, body: string | null, contentType: string) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(body, { status, statusText, headers: { 'Content-Type': contentType } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error.message;
    throw error;
  }
  throw new Error('expected the call to fail');
}

const vocals: GenerateVocalsRequest = {
  prompt: 'la la',
  voice_id: 'v1',
  voice_settings: { stability: 0.5, similarity_boost: 0.5, style: 0 },
  speed: 1,
  mode: 'speak',
  key: 'C',
  scale: 'major',
  bpm: 100,
};

describe('the Kit’s reading of a failed function (spec 002 §8)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the body’s error, as the functions send it', async () => {
    respond(
      429,
      'Too Many Requests',
      JSON.stringify({ error: 'Slow down', message: 'Slow down' }),
      'application/json',
    );
    expect(await messageOf(generateSound('kick'))).toBe('Slow down');
  });

  it('shows the body’s message when it has no error text', async () => {
    respond(403, 'Forbidden', JSON.stringify({ message: 'Upgrade to Pro' }), 'application/json');
    expect(await messageOf(generateVocals(vocals))).toBe('Upgrade to Pro');
  });

  it('says HTTP {status}: {statusText} when the body is unreadable', async () => {
    respond(502, 'Bad Gateway', '<html>proxy error</html>', 'text/html');
    expect(await messageOf(generateSound('kick'))).toBe('HTTP 502: Bad Gateway');
    respond(500, 'Internal Server Error', null, 'application/json');
    expect(await messageOf(generateVocals(vocals))).toBe('HTTP 500: Internal Server Error');
  });

  it('says the connection failed when the request never reached the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await messageOf(generateSound('kick'))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('falls back to the screen’s own sentence for an answer that is not audio', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, 'OK', '{"ok":true}', 'application/json');
    expect(await messageOf(generateSound('kick'))).toBe(KIT_MESSAGES.failedToGenerateSounds);
    expect(await messageOf(generateVocals(vocals))).toBe(KIT_MESSAGES.failedToGenerateVocals);
  });

  it('hands the audio over as a blob, posting the spec’s body to the spec’s function', async () => {
    const fetchMock = respond(200, 'OK', 'ID3 mp3 bytes', 'audio/mpeg');
    const blob = await generateSound('kick');
    expect(await blob.text()).toBe('ID3 mp3 bytes');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/functions/v1/generate-soundfx');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ prompt: 'kick' });
  });
});
