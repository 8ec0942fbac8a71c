import { MESSAGES, healthResponseSchema } from '@klang/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, apiRequest, api, onRefusal, type Refusal } from './api-client';
import { ApiError } from './api-error';

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

const health = { status: 'ok', database: 'pglite', databaseReachable: true, providers: { storage: 'local' } };

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('returns the body parsed by the schema, sending cookies and JSON', async () => {
    const fetchMock = respond(200, health);

    await expect(api.post('/api/things', { name: 'x' }, healthResponseSchema)).resolves.toEqual(health);

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

    const error = await failure(apiRequest('/api/profile', healthResponseSchema));

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

    const error = await failure(api.post('/api/forum/posts', {}, healthResponseSchema));
    respond(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in.' } });
    await failure(api.post('/api/forum/posts', {}, healthResponseSchema));
    unsubscribe();
    respond(403, { error: { code: 'FORBIDDEN', message: 'No.' } });
    await failure(api.post('/api/follows', {}, healthResponseSchema));

    expect(heard).toEqual([{ path: '/api/forum/posts', error }]);
  });

  it('keeps the text of a function-style error body', async () => {
    respond(403, { error: 'Access denied' });

    const error = await failure(apiRequest('/functions/v1/secure-track-access', healthResponseSchema));

    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'Access denied' });
  });

  it('gives a readable message for a body that is not ours', async () => {
    respond(502, '<html>Bad Gateway</html>', 'text/html');

    const error = await failure(apiRequest('/api/tracks/next', healthResponseSchema));

    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: MESSAGES.internalError });
  });

  it('never surfaces "undefined" as a message', async () => {
    respond(500, { error: 'undefined' });

    const error = await failure(apiRequest('/api/x', healthResponseSchema));

    expect(error.message).toBe(MESSAGES.internalError);
  });

  it('refuses a success body that does not match the schema', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    respond(200, { status: 'nope' });

    const error = await failure(apiRequest('/api/health', healthResponseSchema));

    expect(error).toMatchObject({ status: 200, code: 'INTERNAL', message: MESSAGES.unexpectedError });
  });

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );

    const error = await failure(apiRequest('/api/health', healthResponseSchema));

    expect(error).toMatchObject({ status: 0, code: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE });
  });

  it('resolves without a body when no schema is asked for', async () => {
    respond(204, '');

    await expect(api.delete('/api/tracks/1')).resolves.toBeUndefined();
  });
});
