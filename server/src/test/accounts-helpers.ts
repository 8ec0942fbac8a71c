import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

let addressCounter = 0;

/** A fresh client address per call, so per-address limits do not couple unrelated tests. */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export function cookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = Array.isArray(header) ? header[0] : header;
  if (!first) throw new Error('no session cookie was set');
  return first.split(';')[0] ?? '';
}

export interface Client {
  cookie: string;
  id: string;
  post(url: string, payload?: unknown, address?: string): Promise<LightMyRequestResponse>;
  patch(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
}

/** A signed-in client: requests carry its cookie, as a browser's would. */
export function clientFor(app: FastifyInstance, cookie: string, id: string): Client {
  return {
    cookie,
    id,
    post: (url, payload = {}, address = nextAddress()) =>
      app.inject({
        method: 'POST',
        url,
        payload: payload as object,
        headers: { cookie },
        remoteAddress: address,
      }),
    patch: (url, payload) =>
      app.inject({
        method: 'PATCH',
        url,
        payload: payload as object,
        headers: { cookie },
        remoteAddress: nextAddress(),
      }),
    get: (url) => app.inject({ method: 'GET', url, headers: { cookie } }),
  };
}

/** A login attempt from its own client address unless one is given (per-address limits). */
export function logIn(app: FastifyInstance, identifier: string, password: string, address = nextAddress()) {
  return app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    payload: { identifier, password },
    remoteAddress: address,
  });
}

let userCounter = 0;

export async function signUp(
  app: FastifyInstance,
  kind: 'listener' | 'artist' = 'listener',
  overrides: Record<string, string> = {},
): Promise<Client & { email: string; password: string; username: string }> {
  userCounter += 1;
  const username = overrides.username ?? `user${userCounter}${Math.random().toString(36).slice(2, 7)}`;
  const email = overrides.email ?? `${username}@example.com`;
  const password = overrides.password ?? 'secret-pass';
  const response = await app.inject({
    method: 'POST',
    url: `/api/accounts/signup/${kind}`,
    remoteAddress: nextAddress(),
    payload: {
      username,
      email,
      password,
      ...(kind === 'artist' && { artistName: `Artist ${username}`, bio: 'Making records' }),
      ...overrides,
    },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json<{ user: { id: string } }>();
  return { ...clientFor(app, cookieOf(response), body.user.id), email, password, username };
}

/** The shapes route tests read from account responses (error bodies, sessions, profiles). */
export interface ApiBody {
  error: { code: string; message: string; fields: Record<string, string> };
  session: { isDemo: boolean; profile: { profileImageUrl: string } } | null;
  profile: Record<string, unknown> & { artistName: string | null };
  user: { id: string };
}
