import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_PLAN } from '@klang/domain';
import { cookieOf, nextAddress } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { dealTrack, insertAccount, insertMedia, insertTrack } from '../../test/catalogue-fixtures';
import { runDueJobs } from '../../test/run-jobs';

/** The routes a temporary checkout account is signed in for: the checkout and the artist signup. */
const ALLOWED = new Set([
  'POST /functions/v1/create-checkout-user',
  'POST /functions/v1/create-checkout',
  'GET /api/payments/checkout/signup-state',
  'POST /api/payments/checkout/complete-signup',
  'POST /functions/v1/update-user-email',
]);

interface Operation {
  method: string;
  url: string;
}

/**
 * Issue 18: one unauthenticated call makes a temporary checkout account. It may do what the
 * checkout and the artist signup need and nothing else: on every other route of the OpenAPI
 * document it is answered exactly as a visitor without a session is.
 */
describe('the temporary checkout account', () => {
  let t: TestApp;
  let cookie: string;
  let userId: string;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/create-checkout-user',
      remoteAddress: nextAddress(),
    });
    cookie = cookieOf(made);
    userId = made.json<{ user_id: string }>().user_id;
    const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    operations = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase(),
        // Every path parameter gets a well-formed id, so the route, not the router, answers.
        url: route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000'),
      })),
    );
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (op: Operation, withCookie: boolean) =>
    t.app.inject({
      method: op.method as 'GET',
      url: op.url,
      headers: { ...(withCookie && { cookie }), 'content-type': 'application/json' },
      ...(op.method !== 'GET' && op.method !== 'HEAD' && { payload: '{}' }),
      remoteAddress: nextAddress(),
    });

  it('is answered as nobody on every route but the checkout and the signup', async () => {
    const checked: string[] = [];
    for (const op of operations) {
      const key = `${op.method} ${op.url}`;
      // Signing out ends the session these calls carry: it is the last route asked, below.
      if (ALLOWED.has(key) || key === 'POST /api/accounts/logout') continue;
      const [asTemporary, asNobody] = [await call(op, true), await call(op, false)];
      expect({ key, status: asTemporary.statusCode }).toEqual({ key, status: asNobody.statusCode });
      checked.push(key);
    }
    expect(checked.length).toBeGreaterThan(60);
  });

  it('may start the checkout and take its address for the signup, and sign out', async () => {
    const checkout = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/create-checkout',
      headers: { cookie },
      payload: {
        price_id: PRO_PLAN.priceId,
        mode: PRO_PLAN.mode,
        success_url: 'http://localhost:3000/signup/artist?checkout=success',
        cancel_url: 'http://localhost:3000/artist-subscription?checkout=cancelled',
      },
      remoteAddress: nextAddress(),
    });
    expect(checkout.statusCode).toBe(200);
    const rename = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/update-user-email',
      headers: { cookie },
      payload: { userId, newEmail: 'soon.artist@example.test' },
      remoteAddress: nextAddress(),
    });
    expect(rename.statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/accounts/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(await t.db.query('select 1 from sessions where account_id = $1', [userId])).toEqual([]);
  });

  it('is refused the deck, the like, the forum and the profile with 401', async () => {
    const artist = await insertAccount(t.db, 'artist');
    const track = await insertTrack(t.db, artist);
    const alias = await dealTrack(t.db, userId, track);
    for (const [method, url, payload] of [
      ['GET', '/api/player/next', undefined],
      ['POST', '/functions/v1/secure-track-access', { trackId: alias }],
      ['POST', `/api/player/tracks/${alias}/like`, { addToLibrary: true }],
      ['POST', '/api/forum/posts', { title: 'Unknown speaks', content: 'hello there', category: 'general' }],
      ['GET', '/api/accounts/session', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload && { payload }),
        remoteAddress: nextAddress(),
      });
      if (url === '/api/accounts/session') expect(res.json()).toEqual({ session: null });
      else expect(res.statusCode).toBe(401);
    }
    const [row] = await t.db.query<{ likes: number }>('select likes from tracks where id = $1', [track]);
    expect(row?.likes).toBe(0);
  });

  it('is discarded through the account deletion: counters undone, files removed', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/create-checkout-user',
      remoteAddress: nextAddress(),
    });
    const id = made.json<{ user_id: string }>().user_id;
    // What such an account could leave before this issue: a like in a counter and a stored file.
    const artist = await insertAccount(t.db, 'artist');
    const track = await insertTrack(t.db, artist);
    await t.db.query(
      `insert into track_interactions (user_id, track_id, interaction_type) values ($1, $2, 'like')`,
      [id, track],
    );
    await t.db.query('update tracks set likes = likes + 1 where id = $1', [track]);
    const media = await insertMedia(t.db, 'profile-images', 'image/jpeg', 'jpg');
    await t.db.query('update media_objects set owner_id = $2 where id = $1', [media.id, id]);
    const file = path.join(t.dataDir, 'media', 'profile-images', media.key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'avatar');

    await t.db.query(
      `update jobs set run_at = now() where kind = 'payments.discard-checkout-user' and payload->>'accountId' = $1`,
      [id],
    );
    await runDueJobs(t);
    expect(await t.db.query('select 1 from accounts where id = $1', [id])).toEqual([]);
    const [row] = await t.db.query<{ likes: number }>('select likes from tracks where id = $1', [track]);
    expect(row?.likes).toBe(0);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
