import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextTrackResponseSchema, revealSchema } from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';

/**
 * The attacker's suite (issue 18): two listeners walk the whole deck as a script would, keep
 * everything the server told them before each like, like every track, and try to link what they
 * hold. Nothing one listener held before a like may appear for the other, or in any response
 * after the like; nothing may be rated or granted without a deal.
 */
describe('blind integrity: two listeners walk the whole deck', () => {
  let t: TestApp;
  const publicIds: string[] = [];
  const artists: string[] = [];
  const storageKeys: string[] = [];

  interface Walk {
    client: Client;
    /**
     * Everything received before each like: alias, URL, byte length; `likedAt` is the index in
     * `seen` of the like's response.
     */
    preLike: { alias: string; url: string; token: string; bytes: number; trackId: string; likedAt: number }[];
    /** Every response body and header set received, in order, before and after the likes. */
    seen: string[];
  }

  const record = (walk: Walk, res: LightMyRequestResponse) => {
    walk.seen.push(`${res.body}\n${JSON.stringify(res.headers)}`);
    return res;
  };

  async function walkDeck(client: Client): Promise<Walk> {
    const walk: Walk = { client, preLike: [], seen: [] };
    let current: string | null = null;
    for (let step = 0; step < 50; step++) {
      const next = record(walk, await client.get(`/api/player/next${current ? `?current=${current}` : ''}`));
      const body = nextTrackResponseSchema.parse(next.json());
      if (body.state !== 'track') {
        expect(body.state).toBe('all-liked');
        return walk;
      }
      const alias = body.track.id;
      expect(body.track.durationMs === null || body.track.durationMs % 1000 === 0).toBe(true);
      const grant = record(walk, await client.post('/functions/v1/secure-track-access', { trackId: alias }));
      const url = grant.json<{ signedUrl: string }>().signedUrl;
      const head = await t.app.inject({ method: 'HEAD', url });
      record(walk, head);
      // The audio element starts: its first bytes serve the deal (decision 0244).
      record(walk, await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-0' } }));
      const [deal] = await t.db.query<{ track_id: string }>('select track_id from deals where id = $1', [
        alias,
      ]);
      // A Blind Note before the like (decision 0302) answers the points and nothing else.
      const moment = record(walk, await client.post(`/api/player/tracks/${alias}/moment`, { positionMs: 0 }));
      expect(moment.statusCode).toBe(200);
      expect(Object.keys(moment.json())).toEqual(['pointsAwarded']);
      const like = record(
        walk,
        await client.post(`/api/player/tracks/${alias}/like`, { addToLibrary: true }),
      );
      walk.preLike.push({
        likedAt: walk.seen.length - 1,
        alias,
        url,
        token: new URL(url, 'http://x').pathname.split('/').at(-1) ?? '',
        bytes: Number(head.headers['content-length']),
        trackId: deal?.track_id ?? '',
      });
      expect(like.statusCode).toBe(200);
      expect(revealSchema.parse(like.json()).track.id).toBe(deal?.track_id);
      current = alias;
    }
    throw new Error('the deck never ran out');
  }

  /** Everything a listener browses after liking: charts, library, artist pages, replayed grants. */
  async function browseAfter(walk: Walk) {
    for (const url of [
      '/api/catalogue/charts',
      '/api/catalogue/library',
      '/api/loyalty',
      '/api/catalogue/followed-artists',
    ]) {
      record(walk, await walk.client.get(url));
    }
    for (const artist of artists) record(walk, await walk.client.get(`/api/catalogue/artists/${artist}`));
    for (const id of publicIds) {
      const grant = record(
        walk,
        await walk.client.post('/functions/v1/secure-track-access', { trackId: id }),
      );
      expect(grant.statusCode).toBe(200);
    }
  }

  let a: Walk;
  let b: Walk;

  beforeAll(async () => {
    t = await createTestApp({ CHART_CACHE_MS: '0' });
    for (const name of ['Orrin Vale', 'Sable Quay'])
      artists.push(await insertAccount(t.db, 'artist', { artistName: name }));
    for (let i = 0; i < 8; i++) {
      const id = await insertTrack(t.db, artists[i % 2] ?? '', { title: `Linked ${String(i)}` });
      publicIds.push(id);
      // Lengths that differ by track, as real renditions do; one of 61.2 s to show the rounding.
      await t.db.query('update tracks set duration_ms = $2 where id = $1', [id, 61_234 + i * 7_000]);
      const [media] = await t.db.query<{ bucket: string; storage_key: string }>(
        'select m.bucket, m.storage_key from tracks t join media_objects m on m.id = t.audio_media_id where t.id = $1',
        [id],
      );
      if (!media) throw new Error('fixture track has no audio');
      storageKeys.push(media.storage_key);
      const file = path.join(t.dataDir, 'media', media.bucket, media.storage_key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, Buffer.alloc(20_000 + i * 3_000, i + 1));
    }
    a = await walkDeck(await signUp(t.app));
    b = await walkDeck(await signUp(t.app));
    await browseAfter(a);
    await browseAfter(b);
  });
  afterAll(async () => {
    await t.close();
  });

  it('deals every featured track to each, once, named by an alias that is no public id', () => {
    for (const walk of [a, b]) {
      expect(walk.preLike.map((p) => p.trackId).sort()).toEqual([...publicIds].sort());
      for (const { alias } of walk.preLike) expect(publicIds).not.toContain(alias);
    }
  });

  it('gives the two listeners nothing in common before the like: ids, paths, lengths', () => {
    const byTrack = (walk: Walk) => new Map(walk.preLike.map((p) => [p.trackId, p]));
    const ofA = byTrack(a);
    const ofB = byTrack(b);
    for (const id of publicIds) {
      const x = ofA.get(id);
      const y = ofB.get(id);
      expect(x && y).toBeTruthy();
      if (!x || !y) continue;
      expect(x.alias).not.toBe(y.alias);
      expect(x.token).not.toBe(y.token);
      expect(x.bytes).not.toBe(y.bytes);
    }
    for (const walk of [a, b]) {
      for (const { url } of walk.preLike) for (const key of storageKeys) expect(url).not.toContain(key);
    }
  });

  it('never shows one listener a pre-like value of the other, nor any pre-like value after a like', () => {
    for (const [mine, theirs] of [
      [a, b],
      [b, a],
    ] as const) {
      const values = mine.preLike.flatMap((p) => [p.alias, p.token]);
      for (const text of theirs.seen) for (const value of values) expect(text).not.toContain(value);
      for (const { alias, likedAt } of mine.preLike) {
        for (const text of mine.seen.slice(likedAt)) expect(text).not.toContain(alias);
      }
    }
  });

  it("refuses one listener's alias for the other, for every call, as an unknown id", async () => {
    for (const { alias } of a.preLike.slice(0, 3)) {
      const calls = [
        b.client.post('/functions/v1/secure-track-access', { trackId: alias, purpose: 'preload' }),
        b.client.post(`/api/player/tracks/${alias}/like`, { addToLibrary: false }),
        b.client.post(`/api/player/tracks/${alias}/dislike`),
        b.client.post(`/api/player/tracks/${alias}/moment`, { positionMs: 0 }),
        b.client.post(`/api/player/tracks/${alias}/skip-reason`, { reason: 'vocals' }),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    }
  });

  it('refuses a grant or rating of a track never dealt, and a grant of an unfeatured one', async () => {
    const stranger = await signUp(t.app);
    const hidden = await insertTrack(t.db, artists[0] ?? '', { featured: false });
    for (const id of [publicIds[0] ?? '', hidden]) {
      const grant = await stranger.post('/functions/v1/secure-track-access', {
        trackId: id,
        purpose: 'preload',
      });
      expect(grant.statusCode).toBe(404);
      expect(grant.json()).toMatchObject({ success: false });
      expect((await stranger.post(`/api/player/tracks/${id}/like`, { addToLibrary: true })).statusCode).toBe(
        404,
      );
      expect((await stranger.post(`/api/player/tracks/${id}/dislike`)).statusCode).toBe(404);
    }
    const [row] = await t.db.query<{ likes: number }>('select likes from tracks where id = $1', [
      publicIds[0],
    ]);
    expect(row?.likes).toBe(2);
    expect(
      (await stranger.post('/functions/v1/secure-listening-xp', { minutes_listened: 5 })).json(),
    ).toEqual({
      minutes_awarded: 0,
    });
  });

  it('records each deal as the listening event it is: dealt, served, ended as a like', async () => {
    const rows = await t.db.query<{
      ended_as: string | null;
      first_served_at: Date | null;
      listened_before_like_ms: number | null;
    }>('select ended_as, first_served_at, listened_before_like_ms from deals where user_id = $1', [
      a.client.id,
    ]);
    expect(rows).toHaveLength(publicIds.length);
    for (const row of rows) {
      expect(row.ended_as).toBe('like');
      expect(row.first_served_at).not.toBeNull();
      expect(row.listened_before_like_ms).toBeGreaterThanOrEqual(0);
    }
  });
});
