import { TUTOR_MESSAGES } from '@klang/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { askTutor } from './tutor-api';

function respond(status: number, body: unknown) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    ),
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
  throw new Error('expected the question to fail');
}

const history = [
  { id: 'm1', type: 'user' as const, content: 'hi', timestamp: '2026-01-01T00:00:00Z', audioUrl: 'data:x' },
];

describe('asking the tutor', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks each variant’s function with the words of the conversation only', async () => {
    const fetchMock = respond(200, {
      content: 'Try **sidechain**.',
      audio: null,
      spotifyUrls: [],
      klangTracks: [],
      suggestedTopics: [],
    });
    const reply = await askTutor('abel', 'How?', history);
    expect(reply).toEqual({
      content: 'Try sidechain.',
      audioUrl: null,
      spotifyUrls: [],
      suggestedTopics: [],
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/functions/v1/abel-response');
    expect(JSON.parse(init.body as string)).toEqual({
      prompt: 'How?',
      conversationHistory: [{ id: 'm1', type: 'user', content: 'hi', timestamp: '2026-01-01T00:00:00Z' }],
    });
    respond(200, { content: 'Yes.', audio: null, spotifyUrls: [], klangTracks: [], suggestedTopics: [] });
    await askTutor('tutorlab', 'And?', []);
    expect((vi.mocked(fetch).mock.calls[0] as unknown as [string])[0]).toBe('/functions/v1/tutor-response');
  });

  it('shows the server’s message, else the generic failure (spec 002 §8)', async () => {
    respond(429, { error: 'Too many questions', message: 'Too many questions' });
    expect(await messageOf(askTutor('tutorlab', 'q', []))).toBe('Too many questions');
    respond(500, {});
    expect(await messageOf(askTutor('tutorlab', 'q', []))).toBe(TUTOR_MESSAGES.failedToGenerate);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await messageOf(askTutor('tutorlab', 'q', []))).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('refuses an answer that is not a reply', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { content: { nested: true } });
    expect(await messageOf(askTutor('abel', 'q', []))).toBe(TUTOR_MESSAGES.invalidFormat);
    respond(200, {
      content: TUTOR_MESSAGES.fallback,
      audio: null,
      spotifyUrls: [],
      klangTracks: [],
      suggestedTopics: [],
    });
    expect(await messageOf(askTutor('abel', 'q', []))).toBe(TUTOR_MESSAGES.invalidFormat);
  });
});
