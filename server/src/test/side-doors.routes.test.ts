import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, DEMO_ACCOUNT, MESSAGES, PRO_PLAN } from '@klang/domain';
import { nextAddress, signUp, type Client } from './accounts-helpers';
import { createTestApp, type TestApp } from './app';
import { insertAccount } from './catalogue-fixtures';
import { insertCategories } from './forum-helpers';
import { holdsNul } from '../plugins/request-guards';

const origin = 'http://localhost:3000';

/** The side doors issue 18 found while probing, each shut and proved shut. */
describe('side doors', () => {
  let t: TestApp;
  let listener: Client;
  let artist: Client;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: origin, TRUSTED_ORIGINS: 'https://www.klang.example' });
    listener = await signUp(t.app);
    artist = await signUp(t.app, 'artist');
    categoryId = (await insertCategories(t.db)).general;
  });
  afterAll(async () => {
    await t.close();
  });

  const checkout = (
    client: Client,
    overrides: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/functions/v1/create-checkout',
      headers: { cookie: client.cookie, ...headers },
      payload: {
        price_id: PRO_PLAN.priceId,
        mode: PRO_PLAN.mode,
        success_url: `${origin}/signup/artist?checkout=success`,
        cancel_url: `${origin}/artist-subscription?checkout=cancelled`,
        ...overrides,
      },
      remoteAddress: nextAddress(),
    });

  describe('return URLs', () => {
    it('are never taken from the Host or X-Forwarded-Host header', async () => {
      for (const headers of [{ host: 'evil.example' }, { 'x-forwarded-host': 'evil.example' }] as Record<
        string,
        string
      >[]) {
        const res = await checkout(
          artist,
          { cancel_url: 'http://evil.example/artist-subscription?checkout=cancelled' },
          headers,
        );
        expect(res.statusCode).toBe(400);
      }
      const fine = await checkout(artist, {}, { host: 'evil.example' });
      expect(fine.statusCode).toBe(200);
      const { url } = fine.json<{ url: string }>();
      const cancel = await t.app.inject({
        method: 'GET',
        url: `${new URL(url).pathname}/cancel`,
        headers: { host: 'evil.example' },
      });
      expect(cancel.statusCode).toBe(303);
      expect(cancel.headers.location).toBe(`${origin}/artist-subscription?checkout=cancelled`);
    });

    it('may name an origin the operator lists', async () => {
      const listed = await signUp(t.app, 'artist');
      const res = await checkout(listed, {
        success_url: 'https://www.klang.example/signup/artist?checkout=success',
        cancel_url: 'https://www.klang.example/artist-subscription?checkout=cancelled',
      });
      expect(res.statusCode).toBe(200);
    });

    it('billing returns only to a trusted origin', async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: '/payments/local/billing?return_url=http://evil.example/profile',
        headers: { cookie: artist.cookie, host: 'evil.example' },
      });
      expect(page.body).not.toContain('evil.example');
    });
  });

  describe('another address the server answers on', () => {
    it('sends a page navigation to PUBLIC_URL first, path and query kept', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/pricing?plan=pro',
        headers: { host: '127.0.0.1:3000', 'sec-fetch-mode': 'navigate' },
      });
      expect(res.statusCode).toBe(308);
      expect(res.headers.location).toBe(`${origin}/pricing?plan=pro`);
    });

    it('never lets the path choose another host, and leaves API calls and PUBLIC_URL alone', async () => {
      const sneaky = await t.app.inject({
        method: 'GET',
        url: '//evil.example/x',
        headers: { host: '127.0.0.1:3000', 'sec-fetch-mode': 'navigate' },
      });
      expect(String(sneaky.headers.location).startsWith(`${origin}/`)).toBe(true);
      const api = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { host: '127.0.0.1:3000', 'sec-fetch-mode': 'navigate' },
      });
      expect(api.statusCode).toBe(200);
      const home = await t.app.inject({
        method: 'GET',
        url: '/pricing',
        headers: { host: 'localhost:3000', 'sec-fetch-mode': 'navigate' },
      });
      expect(home.statusCode).not.toBe(308);
    });
  });

  describe('a NUL character', () => {
    const expectNulRefused = (res: { statusCode: number; body: string }) => {
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(MESSAGES.nulCharacter);
    };

    it('answers 400 with a clear message wherever it is sent, and changes nothing', async () => {
      expectNulRefused(
        await t.app.inject({
          method: 'POST',
          url: '/api/accounts/login',
          payload: { identifier: 'a\u0000b', password: 'x' },
          remoteAddress: nextAddress(),
        }),
      );
      expectNulRefused(
        await listener.post('/api/forum/posts', {
          title: 'Hello\u0000there',
          content: 'A body long enough',
          categoryId,
        }),
      );
      expectNulRefused(await listener.get(`/api/forum/posts?search=${encodeURIComponent('a\u0000')}`));
      expectNulRefused(
        await artist.patch('/api/accounts/profile', { username: 'nulartist', bio: 'bio\u0000' }),
      );
      // The website's own rule sees it first: not an address, a 400 with its message.
      const website = await artist.patch('/api/accounts/profile', {
        username: 'nulartist',
        website: 'https://a\u0000.example',
      });
      expect([website.statusCode, website.body.includes(ACCOUNT_MESSAGES.websiteInvalid)]).toEqual([
        400,
        true,
      ]);
      expectNulRefused(
        await artist.patch('/api/accounts/profile', {
          username: 'nulartist',
          website: 'https://a.example/\u0000',
        }),
      );
      expectNulRefused(await listener.get(`/api/catalogue/artists/by-url/${encodeURIComponent('x\u0000y')}`));
      expectNulRefused(
        await t.app.inject({
          method: 'POST',
          url: `/api/tracks?${new URLSearchParams({ title: 'Tidal\u0000Lock', genre: 'Minimal / Deep Tech' }).toString()}`,
          payload: Buffer.alloc(10),
          headers: { cookie: artist.cookie, 'content-type': 'application/octet-stream' },
          remoteAddress: nextAddress(),
        }),
      );
      const [row] = await t.db.query<{ n: number }>('select count(*)::int as n from forum_posts');
      expect(row?.n).toBe(0);
    });

    it('is found at any depth, in keys too, and not in streams', () => {
      expect(holdsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
      expect(holdsNul({ ['k\u0000']: 1 })).toBe(true);
      expect(holdsNul({ a: ['fine', 2, null] })).toBe(false);
      expect(holdsNul(Buffer.from('a\u0000b'))).toBe(false);
    });
  });

  describe('profile links', () => {
    it('accept only http(s) addresses for the website, and a handle or an http(s) address for Instagram', async () => {
      for (const body of [
        { website: 'javascript:alert(1)' },
        { website: 'data:text/html,hi' },
        { instagram: 'javascript:alert(1)' },
        { instagram: 'not a handle' },
      ]) {
        const res = await artist.patch('/api/accounts/profile', { username: 'linkartist', ...body });
        expect(res.statusCode).toBe(400);
        expect(res.body).toMatch(
          new RegExp(
            `${ACCOUNT_MESSAGES.websiteInvalid}|${ACCOUNT_MESSAGES.instagramInvalid}`.replaceAll('/', '\\/'),
          ),
        );
      }
      const ok = await artist.patch('/api/accounts/profile', {
        username: 'linkartist',
        artistName: 'Link Artist',
        website: 'https://link.example',
        instagram: '@link.artist',
      });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('cover art', () => {
    it('cannot be uploaded by a listener', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/tracks/covers',
        payload: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
        headers: { cookie: listener.cookie, 'content-type': 'image/jpeg' },
        remoteAddress: nextAddress(),
      });
      expect(res.statusCode).toBe(403);
      expect(await t.db.query(`select 1 from media_objects where owner_id = $1`, [listener.id])).toEqual([]);
    });
  });

  describe('the demo account', () => {
    it('cannot post in the forum, follow or start a checkout', async () => {
      const demo = await signUp(t.app, 'artist', {
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        username: 'klangdemo',
      });
      const other = await insertAccount(t.db, 'artist');
      const post = await demo.post('/api/forum/posts', {
        title: 'Demo says hi',
        content: 'A body long enough',
        categoryId,
      });
      expect([post.statusCode, post.body.includes(ACCOUNT_MESSAGES.demoForum)]).toEqual([403, true]);
      const follow = await demo.post(`/api/follows/${other}`);
      expect([follow.statusCode, follow.body.includes(ACCOUNT_MESSAGES.demoFollow)]).toEqual([403, true]);
      // Nor unfollow: the shared demo keeps its seeded follows for every visitor.
      await t.db.query('insert into follows (follower_id, artist_id, artist_name) values ($1, $2, $3)', [
        demo.id,
        other,
        'Other',
      ]);
      const unfollow = await t.app.inject({
        method: 'DELETE',
        url: `/api/follows/${other}`,
        headers: { cookie: demo.cookie },
      });
      expect([unfollow.statusCode, unfollow.body.includes(ACCOUNT_MESSAGES.demoFollow)]).toEqual([403, true]);
      const kept = await t.db.query('select 1 from follows where follower_id = $1 and artist_id = $2', [
        demo.id,
        other,
      ]);
      expect(kept).toHaveLength(1);
      const paid = await checkout(demo, {});
      expect([paid.statusCode, paid.body.includes(ACCOUNT_MESSAGES.demoSubscription)]).toEqual([403, true]);
    });
  });
});

describe('the development mailbox', () => {
  it('is served only when DEV_MAILBOX turns it on, whatever the address', async () => {
    const off = await createTestApp();
    const on = await createTestApp({ DEV_MAILBOX: 'true' });
    try {
      expect(
        (await off.app.inject({ url: '/api/email/mailbox', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(404);
      expect(
        (await on.app.inject({ url: '/api/email/mailbox', remoteAddress: '127.0.0.1' })).statusCode,
      ).toBe(200);
    } finally {
      await off.close();
      await on.close();
    }
  });
});
