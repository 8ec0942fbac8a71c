import {
  hooksEndpoints,
  binary,
  defineEndpoints,
  endpoint,
  generateSoundFxRequestSchema,
  healthEndpoints,
  healthResponseSchema,
  MESSAGES,
  playerEndpoints,
  rawBody,
} from '@klang/domain';
import { z } from 'zod';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, api, onRefusal, type Refusal } from './api-client';
import { ApiError } from './api-error';

/** The web client ignores the policy: the server applies it (decision 0310). */
const TEST_POLICY = { access: 'public', limit: null } as const;

function respond(status: number, body: unknown, contentType = 'application/json') {
  // A 204 must have a null body, or the Response constructor throws.
  const text = status === 204 ? null : typeof body === 'string' ? body : JSON.stringify(body);
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(text, { status, headers: { 'Content-Type': contentType } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

const health = {
  status: 'ok',
  database: 'pglite',
  databaseReachable: true,
  dealMonthsReady: true,
  providers: { storage: 'local' },
};

/** Entries of no area, for what every call shares: how answers and failures are read. */
const things = defineEndpoints({
  createThing: endpoint({
    method: 'POST',
    path: '/api/things',
    policy: TEST_POLICY,
    body: z.object({ name: z.string() }),
    response: { 200: healthResponseSchema },
  }),
  otherThing: endpoint({
    method: 'POST',
    path: '/api/others',
    policy: TEST_POLICY,
    response: { 200: healthResponseSchema },
  }),
  removeThing: endpoint({
    method: 'DELETE',
    path: '/api/things/:thingId',
    policy: TEST_POLICY,
    params: z.object({ thingId: z.string() }),
    response: { 204: z.null() },
  }),
});

describe('reading answers and failures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('returns the body parsed by the schema, sending cookies and JSON', async () => {
    const fetchMock = respond(200, health);

    await expect(api.call(things.createThing, { body: { name: 'x' } })).resolves.toEqual(health);

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"x"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns an error body into a typed ApiError', async () => {
    respond(422, {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Username is required',
        fields: { username: 'Username is required' },
        requestId: 'req-1',
      },
    });

    const error = await failure(api.call(healthEndpoints.health));

    expect(error.status).toBe(422);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Username is required');
    expect(error.fields).toEqual({ username: 'Username is required' });
    expect(error.requestId).toBe('req-1');
  });

  it('tells refusal listeners of a 403, with its path, and stops once unsubscribed', async () => {
    const heard: Refusal[] = [];
    const unsubscribe = onRefusal((refusal) => heard.push(refusal));
    respond(403, { error: { code: 'FORBIDDEN', message: 'No.' } });

    const error = await failure(api.call(things.createThing, { body: { name: 'x' } }));
    respond(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } });
    await failure(api.call(things.createThing, { body: { name: 'x' } }));
    unsubscribe();
    respond(403, { error: { code: 'FORBIDDEN', message: 'No.' } });
    await failure(api.call(things.otherThing));

    expect(heard).toEqual([{ path: '/api/things', error }]);
  });

  it('keeps the text of a function-style error body', async () => {
    respond(403, { error: 'Access denied' });

    const error = await failure(api.call(things.otherThing));

    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Access denied' });
  });

  it('gives a readable message for a body that is not ours', async () => {
    respond(502, '<html>Bad Gateway</html>', 'text/html');

    const error = await failure(api.call(healthEndpoints.health));

    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: MESSAGES.internalError });
  });

  it('never surfaces "undefined" as a message', async () => {
    respond(500, { error: 'undefined' });

    const error = await failure(api.call(healthEndpoints.health));

    expect(error.message).toBe(MESSAGES.internalError);
  });

  it('refuses a success body that does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { status: 'nope' });

    const error = await failure(api.call(healthEndpoints.health));

    expect(error).toMatchObject({ status: 200, code: 'INTERNAL', message: MESSAGES.unexpectedError });
  });

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = await failure(api.call(healthEndpoints.health));

    expect(error).toMatchObject({ status: 0, code: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE });
  });

  it('resolves without a body for a declared 204', async () => {
    respond(204, '');

    await expect(api.call(things.removeThing, { params: { thingId: '1' } })).resolves.toBeUndefined();
  });
});

describe('api.call', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const trackId = '7f1b7d0e-3a51-4f38-9d43-0f3c2d6f8a11';
  const reveal = {
    track: {
      id: trackId,
      title: 'T',
      artist: 'A',
      artistId: trackId,
      genre: 'Pop',
      label: 'L',
      coverUrl: null,
      sound: { bpm: null, key: null, energy: null },
    },
    artist: { id: trackId, name: 'A', imageUrl: null, goldBadge: false, followers: 1, isFollowing: false },
    addedToLibrary: true,
    pointsAwarded: 2,
  };

  function sent(fetchMock: ReturnType<typeof respond>) {
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    return { url, init };
  }

  it("fills the entry's path, sends its method and body, and parses the answer by its schema", async () => {
    const fetchMock = respond(200, reveal);

    await expect(
      api.call(playerEndpoints.likeTrack, { params: { trackId }, body: { addToLibrary: true } }),
    ).resolves.toEqual(reveal);

    const { url, init } = sent(fetchMock);
    expect(url).toBe(`/api/player/tracks/${trackId}/like`);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"addToLibrary":true}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json', Accept: 'application/json' });
  });

  it('encodes path parameters and writes the query string from the defined values only', async () => {
    const fetchMock = respond(200, { state: 'empty' });

    await api.call(playerEndpoints.nextTrack, { query: { current: 'a b&c' } });
    await api.call(playerEndpoints.nextTrack, { query: {} });
    await api.call(playerEndpoints.nextTrack);
    respond(204, '');
    const removal = respond(204, '');
    await expect(api.call(playerEndpoints.removeFromLibrary, { params: { trackId: 'x/y' } })).resolves.toBe(
      undefined,
    );

    const urls = fetchMock.mock.calls.map((call) => (call as unknown as [string])[0]);
    expect(urls).toEqual(['/api/player/next?current=a+b%26c', '/api/player/next', '/api/player/next']);
    expect(sent(removal).url).toBe('/api/player/tracks/x%2Fy/library');
    expect(sent(removal).init.method).toBe('DELETE');
    expect(sent(removal).init.body).toBeUndefined();
  });

  it('keeps a request alive past the page when asked', async () => {
    const fetchMock = respond(204, '');

    await api.call(playerEndpoints.leaveTrack, {
      params: { trackId },
      body: { positionMs: 1200 },
      keepalive: true,
    });

    expect(sent(fetchMock).init).toMatchObject({ keepalive: true, body: '{"positionMs":1200}' });
  });

  it('parses by the schema of the status the server sent', async () => {
    respond(200, { ready: true });
    await expect(api.call(healthEndpoints.readiness)).resolves.toEqual({ ready: true });

    // A documented error status is still an error, in the usual shape.
    respond(503, { ready: false, reason: 'draining' });
    const error = await failure(api.call(healthEndpoints.readiness));
    expect(error).toMatchObject({ status: 503, code: 'UNAVAILABLE' });
  });

  it('fails an answer that does not match the entry, and a status it does not declare', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { ...reveal, pointsAwarded: -1 });
    const mismatch = await failure(api.call(playerEndpoints.likeTrack, { params: { trackId }, body: {} }));
    expect(mismatch).toMatchObject({ status: 200, code: 'INTERNAL', message: MESSAGES.unexpectedError });

    respond(201, reveal);
    const undeclared = await failure(api.call(playerEndpoints.likeTrack, { params: { trackId }, body: {} }));
    expect(undeclared).toMatchObject({ status: 201, code: 'INTERNAL', message: MESSAGES.unexpectedError });

    respond(204, '');
    const empty = await failure(api.call(playerEndpoints.likeTrack, { params: { trackId }, body: {} }));
    expect(empty).toMatchObject({ status: 204, code: 'INTERNAL', message: MESSAGES.unexpectedError });
  });

  it('keeps the ApiError of every call, and tells refusal listeners the path it called', async () => {
    const heard: Refusal[] = [];
    const unsubscribe = onRefusal((refusal) => heard.push(refusal));
    respond(403, { error: 'Access denied' });

    const error = await failure(
      api.call(playerEndpoints.secureTrackAccess, { body: { trackId, purpose: 'playback' } }),
    );
    unsubscribe();

    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Access denied' });
    expect(heard).toEqual([{ path: '/functions/v1/secure-track-access', error }]);
  });

  const download = defineEndpoints({
    sound: endpoint({
      method: 'POST',
      path: '/functions/v1/sound',
      policy: TEST_POLICY,
      body: generateSoundFxRequestSchema,
      response: binary('audio/mpeg', 'audio/wav'),
    }),
  }).sound;

  it('hands a binary answer over as a Blob of a declared type', async () => {
    const fetchMock = respond(200, 'ID3 bytes', 'audio/mpeg');

    const blob: Blob = await api.call(download, { body: { prompt: 'rain' } });

    expect(await blob.text()).toBe('ID3 bytes');
    expect(sent(fetchMock).init.headers).toMatchObject({ Accept: 'audio/mpeg, audio/wav' });
  });

  it("refuses bytes of an undeclared type, and reads a binary endpoint's error as JSON", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, '<html></html>', 'text/html');
    const wrongType = await failure(api.call(download, { body: { prompt: 'rain' } }));
    expect(wrongType).toMatchObject({ code: 'INTERNAL', message: MESSAGES.unexpectedError });

    respond(429, { error: { code: 'RATE_LIMITED', message: 'Slow down.' } });
    const limited = await failure(api.call(download, { body: { prompt: 'rain' } }));
    expect(limited).toMatchObject({ status: 429, code: 'RATE_LIMITED', message: 'Slow down.' });
  });

  const photoUpload = defineEndpoints({
    photo: endpoint({
      method: 'PUT',
      path: '/api/things/:thingId/photo',
      policy: TEST_POLICY,
      params: z.object({ thingId: z.string() }),
      body: rawBody('image/jpeg', 'image/png'),
      response: { 200: z.object({ ok: z.literal(true) }) },
    }),
  }).photo;

  it("sends a raw body's bytes as they are, typed by the Blob when declared, else the first type", async () => {
    const fetchMock = respond(200, { ok: true });
    const png = new Blob(['png bytes'], { type: 'image/png' });

    await expect(api.call(photoUpload, { params: { thingId: 't' }, body: png })).resolves.toEqual({
      ok: true,
    });
    const { url, init } = sent(fetchMock);
    expect(url).toBe('/api/things/t/photo');
    expect(init.method).toBe('PUT');
    expect(init.body).toBe(png);
    expect(init.headers).toMatchObject({ 'Content-Type': 'image/png', Accept: 'application/json' });

    const untyped = respond(200, { ok: true });
    await api.call(photoUpload, { params: { thingId: 't' }, body: new Blob(['?']) });
    expect(sent(untyped).init.headers).toMatchObject({ 'Content-Type': 'image/jpeg' });

    const chosen = respond(200, { ok: true });
    await api.call(photoUpload, { params: { thingId: 't' }, body: png, contentType: 'image/jpeg' });
    expect(sent(chosen).init.headers).toMatchObject({ 'Content-Type': 'image/jpeg' });
  });

  it('reports upload progress through XMLHttpRequest and answers like fetch', async () => {
    const fetchMock = respond(500, {});
    const opened: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = {
      headers: {},
    };
    class FakeRequest {
      upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } =
        {};
      onload?: () => void;
      onerror?: () => void;
      onabort?: () => void;
      withCredentials = false;
      status = 413;
      statusText = 'Payload Too Large';
      responseText = JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'Too big.' } });
      open(method: string, url: string) {
        opened.method = method;
        opened.url = url;
      }
      setRequestHeader(name: string, value: string) {
        opened.headers[name] = value;
      }
      getAllResponseHeaders() {
        return 'content-type: application/json\r\n';
      }
      abort() {
        this.onabort?.();
      }
      send(body: unknown) {
        opened.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeRequest);
    const fractions: number[] = [];
    const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' });

    const error = await failure(
      api.call(photoUpload, { params: { thingId: 't' }, body: jpeg, onProgress: (f) => fractions.push(f) }),
    );

    expect(fetchMock).not.toHaveBeenCalled();
    expect(fractions).toEqual([0.5]);
    expect(opened).toMatchObject({ method: 'PUT', url: '/api/things/t/photo', body: jpeg });
    expect(opened.headers).toMatchObject({ 'Content-Type': 'image/jpeg' });
    expect(error).toMatchObject({ status: 413, statusText: 'Payload Too Large', code: 'PAYLOAD_TOO_LARGE' });
    expect(error.message).toBe('Too big.');
  });

  it("keeps the status text, the body's own code and whether the server said a sentence", async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ code: '23505', message: 'duplicate key value' }), {
          status: 409,
          statusText: 'Conflict',
          headers: { 'Content-Type': 'application/json' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const duplicate = await failure(api.call(healthEndpoints.health));
    expect(duplicate).toMatchObject({ status: 409, statusText: 'Conflict', bodyCode: '23505' });
    expect(duplicate.serverMessage).toBe('duplicate key value');

    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response('', { status: 502, statusText: 'Bad Gateway' }))),
    );
    const bare = await failure(api.call(healthEndpoints.health));
    expect(bare).toMatchObject({ status: 502, statusText: 'Bad Gateway', bodyCode: undefined });
    expect(bare.serverMessage).toBeUndefined();
    expect(bare.message).toBe(MESSAGES.internalError);
  });

  it('gives the URL of an entry for links the browser follows itself', () => {
    expect(api.url(hooksEndpoints.trackHooksCsv, { params: { trackId: 'a/b' } })).toBe(
      '/api/analytics/tracks/a%2Fb/hooks.csv',
    );
    expect(api.url(playerEndpoints.nextTrack, { query: { current: trackId } })).toBe(
      `/api/player/next?current=${trackId}`,
    );
  });

  it('types params, query and body from the entry', () => {
    const typeOnly = () => {
      // @ts-expect-error: the path's trackId is missing.
      void api.call(playerEndpoints.likeTrack, { body: {} });
      // @ts-expect-error: a like needs its body.
      void api.call(playerEndpoints.likeTrack, { params: { trackId } });
      // @ts-expect-error: addToLibrary is a boolean.
      void api.call(playerEndpoints.likeTrack, { params: { trackId }, body: { addToLibrary: 'yes' } });
      // @ts-expect-error: the next track takes no path parameter.
      void api.call(playerEndpoints.nextTrack, { params: { trackId } });
      // @ts-expect-error: minutes_listened, as spec 000 §7 spells it.
      void api.call(playerEndpoints.secureListeningXp, { body: { minutesListened: 1 } });
      // @ts-expect-error: a skip answers its points, not a reveal.
      const _reveal: Promise<{ track: unknown }> = api.call(playerEndpoints.dislikeTrack, {
        params: { trackId },
      });
      // A skip's body may be left out (the server keeps its own bound).
      void api.call(playerEndpoints.dislikeTrack, { params: { trackId } });
      // @ts-expect-error: a raw body is a Blob, not JSON.
      void api.call(photoUpload, { params: { thingId: 't' }, body: { photo: 'x' } });
      // @ts-expect-error: only a declared content type.
      void api.call(photoUpload, { params: { thingId: 't' }, body: new Blob([]), contentType: 'text/plain' });
    };
    expect(typeOnly).toBeTypeOf('function');
  });
});
