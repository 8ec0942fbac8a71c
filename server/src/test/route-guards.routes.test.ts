import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNT,
  KIT_MESSAGES,
  MESSAGES,
  TRACK_MESSAGES,
  areaEndpoints,
  LIMIT_WINDOWS,
  describeLimit,
  fillPath,
  isRawBody,
  type Endpoint,
  type ErrorDialect,
} from '@klang/domain';
import { signUp, type Client } from './accounts-helpers';
import { createTestApp, type TestApp } from './app';
import { checkoutUser } from './local-checkout';

/**
 * Every entry of the contract, walked (decision 0310): its policy says who may call it, how often
 * and what a cache may keep, and this proves the server does exactly that, whatever route
 * registered it. Each refused kind of caller gets its 401, 403 or 404 in the entry's error
 * dialect; the limit lets exactly `max` requests through and refuses the next, counted per address
 * or per account; the Cache-Control is on every answer, a refusal included. An entry added to an
 * area's table is walked here without a line of this file changing.
 */

const ENTRIES: Endpoint[] = Object.values(areaEndpoints).flatMap((table) => Object.values<Endpoint>(table));

const DEFAULT_REFUSALS = {
  artist: TRACK_MESSAGES.artistsOnly,
  pro: KIT_MESSAGES.kitBlocked,
  admin: MESSAGES.accessDenied,
} as const;

/** The entry's URL with a placeholder value for each parameter: a guard answers before a lookup. */
function urlOf(entry: Endpoint): string {
  const params: Record<string, string> = {};
  for (const [, name = ''] of entry.path.matchAll(/:(\w+)/g)) {
    params[name] =
      name === 'artistUrl'
        ? 'nobody-here'
        : name === 'token'
          ? 'A'.repeat(22)
          : name === 'preset'
            ? '1'
            : crypto.randomUUID();
  }
  return fillPath(entry.path, params);
}

/** The message an error body carries, read in the entry's dialect, which the body must match. */
function messageIn(dialect: ErrorDialect, response: LightMyRequestResponse): string {
  const body = response.json<Record<string, unknown>>();
  switch (dialect) {
    case 'api': {
      const error = body.error as { code: string; message: string; requestId: string };
      expect(typeof error.code).toBe('string');
      expect(typeof error.requestId).toBe('string');
      return error.message;
    }
    case 'function':
    case 'function-with-success':
      expect(body.error).toBe(body.message);
      expect(typeof body.code).toBe('string');
      expect(body.success).toBe(dialect === 'function-with-success' ? false : undefined);
      return String(body.message);
    case 'rest':
      expect(Object.keys(body).sort()).toEqual(['code', 'message']);
      return String(body.message);
  }
}

let addressCounter = 0;
/** A fresh client address (10.77.x.y), so each count starts at nothing. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.77.${String(Math.floor(addressCounter / 250))}.${String((addressCounter % 250) + 1)}`;
};

describe('every contract entry keeps the policy it declares', () => {
  let t: TestApp;
  const callers: Record<'listener' | 'freeArtist' | 'proArtist' | 'admin' | 'demo' | 'temporary', Client> =
    {} as never;

  beforeAll(async () => {
    // The development mailbox is registered, so its loopback-only entries are walked too.
    t = await createTestApp({ DEV_MAILBOX: 'true' });
    callers.listener = await signUp(t.app, 'listener');
    callers.freeArtist = await signUp(t.app, 'artist');
    callers.proArtist = await signUp(t.app, 'artist');
    callers.admin = await signUp(t.app, 'listener');
    callers.demo = await signUp(t.app, 'artist', { email: DEMO_ACCOUNT.email, username: 'klangdemo' });
    callers.temporary = await checkoutUser(t);
    await t.db.query(`update artist_profiles set subscription_tier = 'free' where id = $1`, [
      callers.freeArtist.id,
    ]);
    for (const artist of [callers.proArtist, callers.demo]) {
      await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
    }
    await t.db.query('insert into admins (id) values ($1)', [callers.admin.id]);
  });
  afterAll(async () => {
    await t.close();
  });

  /** One request to the entry, from an address, as a caller (or nobody), with an empty body. */
  const send = (entry: Endpoint, address: string, caller?: Client) =>
    t.app.inject({
      method: entry.method,
      url: urlOf(entry),
      remoteAddress: address,
      headers: {
        ...(caller && { cookie: caller.cookie }),
        ...(isRawBody(entry.body) && { 'content-type': entry.body.contentTypes[0] }),
      },
      ...(entry.method === 'GET' || entry.method === 'DELETE'
        ? {}
        : { payload: isRawBody(entry.body) ? Buffer.alloc(0) : {} }),
    });

  /** A caller the entry admits, for counting a per-account limit: the least one that passes. */
  const admittedCaller = (entry: Endpoint): Client | undefined => {
    switch (entry.policy.access) {
      case 'public':
      case 'loopback':
        return undefined;
      case 'session':
        return callers.listener;
      case 'artist':
        return callers.freeArtist;
      case 'pro':
        return callers.proArtist;
      case 'admin':
        return callers.admin;
    }
  };

  const named = (entries: Endpoint[]) => entries.map((entry) => [entry.name, entry] as const);

  it('walks the whole contract', () => {
    expect(ENTRIES.length).toBeGreaterThan(100);
  });

  const signedInOnly = ENTRIES.filter((entry) => !['public', 'loopback'].includes(entry.policy.access));
  it.each(named(signedInOnly))(
    '%s refuses a caller without a session with 401, in its dialect',
    async (_, entry) => {
      const response = await send(entry, freshAddress());
      expect(response.statusCode).toBe(401);
      expect(messageIn(entry.policy.dialect ?? 'api', response)).toBe(MESSAGES.userNotAuthenticated);
      if (entry.policy.cache) expect(response.headers['cache-control']).toBe(entry.policy.cache);
      else expect(response.headers['cache-control']).toBeUndefined();
    },
  );

  it.each(named(signedInOnly))(
    '%s treats a temporary checkout account as signed in only where its entry allows it',
    async (_, entry) => {
      const response = await send(entry, freshAddress(), callers.temporary);
      if (entry.policy.temporaryAccount === 'allowed') expect(response.statusCode).not.toBe(401);
      else expect(response.statusCode).toBe(401);
    },
  );

  const byKind = ENTRIES.filter((entry) => ['artist', 'pro', 'admin'].includes(entry.policy.access));
  it.each(named(byKind))('%s refuses a signed-in caller of the wrong kind with 403', async (_, entry) => {
    const access = entry.policy.access as keyof typeof DEFAULT_REFUSALS;
    const refusal = entry.policy.refusal ?? DEFAULT_REFUSALS[access];
    const wrong = {
      artist: [callers.listener],
      pro: [callers.listener, callers.freeArtist],
      admin: [callers.listener],
    }[access];
    for (const caller of wrong) {
      const response = await send(entry, freshAddress(), caller);
      expect(response.statusCode).toBe(403);
      expect(messageIn(entry.policy.dialect ?? 'api', response)).toBe(refusal);
    }
    // The right kind passes the guard (the handler may still refuse a placeholder id its own way).
    const right = await send(entry, freshAddress(), admittedCaller(entry));
    expect(right.statusCode).not.toBe(401);
    expect(right.statusCode === 403 ? messageOf(right) : undefined).not.toBe(refusal);
  });

  const demoRefused = ENTRIES.filter((entry) => entry.policy.demoAccount);
  it.each(named(demoRefused))('%s refuses the shared demo account with its own message', async (_, entry) => {
    const response = await send(entry, freshAddress(), callers.demo);
    expect(response.statusCode).toBe(403);
    expect(messageIn(entry.policy.dialect ?? 'api', response)).toBe(entry.policy.demoAccount?.refused);
  });

  const loopback = ENTRIES.filter((entry) => entry.policy.access === 'loopback');
  it.each(named(loopback))('%s is not found from any other machine', async (_, entry) => {
    const response = await send(entry, freshAddress());
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe(entry.policy.cache);
  });

  /** A caller of the kind the entry admits, new, so no earlier request counts against it. */
  const newAdmittedCaller = async (entry: Endpoint): Promise<Client | undefined> => {
    const access = entry.policy.access;
    if (access === 'public' || access === 'loopback') return undefined;
    const caller = await signUp(t.app, access === 'artist' || access === 'pro' ? 'artist' : 'listener');
    if (access === 'pro') {
      await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [caller.id]);
    }
    if (access === 'admin') await t.db.query('insert into admins (id) values ($1)', [caller.id]);
    return caller;
  };

  const limited = ENTRIES.filter((entry) => entry.policy.limit);
  it.each(named(limited))('%s lets exactly its limit through, then answers 429', async (_, entry) => {
    const limit = entry.policy.limit;
    if (!limit) throw new Error('filtered above');
    const caller = await newAdmittedCaller(entry);
    const address = freshAddress();
    // The limiter's own count, on every answer: a service's own throttle (a 429 of its own) aside.
    for (let i = 1; i <= limit.max; i += 1) {
      const response = await send(entry, address, caller);
      expect(response.headers['x-ratelimit-limit'], describeLimit(limit)).toBe(String(limit.max));
      expect(response.headers['x-ratelimit-remaining']).toBe(String(limit.max - i));
    }
    const over = await send(entry, address, caller);
    expect(over.statusCode).toBe(429);
    expect(messageIn(entry.policy.dialect ?? 'api', over)).toBe(MESSAGES.tooManyRequests);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(LIMIT_WINDOWS[limit.window] / 1000);
    if (entry.policy.cache) expect(over.headers['cache-control']).toBe(entry.policy.cache);
    if (limit.per === 'account') {
      // The account's count, whatever address it calls from.
      expect((await send(entry, freshAddress(), caller)).statusCode).toBe(429);
    }
    // Another address, or for a per-account limit another account behind the same address, has
    // a count of its own.
    const next =
      limit.per === 'address'
        ? await send(entry, freshAddress(), caller)
        : await send(entry, address, await newAdmittedCaller(entry));
    expect(next.headers['x-ratelimit-remaining']).toBe(String(limit.max - 1));
  });

  it('shows each operation’s access, limit, cache and dialect in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<
        string,
        Record<string, { operationId?: string; description?: string; security?: unknown }>
      >;
    }>();
    const operations = new Map(
      Object.values(document.paths)
        .flatMap((methods) => Object.values(methods))
        .map((operation) => [operation.operationId, operation]),
    );
    for (const entry of ENTRIES) {
      const operation = operations.get(entry.name);
      if (!operation) continue; // a route registered only when its provider is configured
      expect(operation.description).toContain(`Access: ${entry.policy.access}`);
      expect(operation.description).toContain(`rate limit: ${describeLimit(entry.policy.limit)}`);
      if (entry.policy.cache) expect(operation.description).toContain(`Cache-Control: ${entry.policy.cache}`);
      expect(operation.description).toContain(`errors: ${entry.policy.dialect ?? 'api'}`);
      const needsSession = !['public', 'loopback'].includes(entry.policy.access);
      expect(operation.security !== undefined).toBe(needsSession);
    }
  });
});

/** The message of an error body, whatever its dialect. */
function messageOf(response: LightMyRequestResponse): string | undefined {
  const body = response.json<{ message?: string; error?: { message?: string } | string }>();
  return typeof body.error === 'object' ? body.error.message : body.message;
}
