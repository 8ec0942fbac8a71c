import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_MESSAGES } from '@klang/domain';
import { signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount } from '../../test/catalogue-fixtures';

describe('follows', () => {
  let t: TestApp;
  let artistId: string;
  beforeAll(async () => {
    t = await createTestApp();
    artistId = await insertAccount(t.db, 'artist', { artistName: 'Velvet Static' });
  });
  afterAll(async () => {
    await t.close();
  });

  const followers = async () =>
    (
      await t.db.query<{ followers: number }>('select followers from artist_profiles where id = $1', [
        artistId,
      ])
    )[0]?.followers;

  it('follows once however often it is asked, and unfollows once', async () => {
    const fan = await signUp(t.app);
    const first = await fan.post(`/api/follows/${artistId}`);
    expect(first.json()).toEqual({ isFollowing: true, followers: 1 });
    await Promise.all([fan.post(`/api/follows/${artistId}`), fan.post(`/api/follows/${artistId}`)]);
    expect(await followers()).toBe(1);
    const unfollow = await t.app.inject({
      method: 'DELETE',
      url: `/api/follows/${artistId}`,
      headers: { cookie: fan.cookie },
    });
    expect(unfollow.json()).toEqual({ isFollowing: false, followers: 0 });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/follows/${artistId}`,
      headers: { cookie: fan.cookie },
    });
    expect(await followers()).toBe(0);
  });

  it('keeps the count exact with many fans at once', async () => {
    const fans = await Promise.all(Array.from({ length: 8 }, () => signUp(t.app)));
    await Promise.all(fans.map((fan) => fan.post(`/api/follows/${artistId}`)));
    const [row] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from follows where artist_id = $1',
      [artistId],
    );
    expect(await followers()).toBe(row?.n);
    expect(row?.n).toBe(8);
  });

  it('refuses following yourself, an unknown artist, and anyone without a session', async () => {
    const artist = await signUp(t.app, 'artist');
    const self = await artist.post(`/api/follows/${artist.id}`);
    expect(self.statusCode).toBe(400);
    expect(self.json<{ error: { message: string } }>().error.message).toBe(
      FOLLOW_MESSAGES.cannotFollowYourself,
    );
    expect((await artist.post(`/api/follows/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/follows/${artistId}` })).statusCode).toBe(401);
  });
});
