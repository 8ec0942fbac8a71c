import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AB_TEST_MESSAGES,
  nextTrackResponseSchema,
  TRACK_MESSAGES,
  trackAbTestSchema,
  type TrackAbTest,
} from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { runDueJobs } from '../../test/run-jobs';
import { fetchAudio } from '../../test/listening';
import { requestAbTestLook } from './ab-tests.jobs';

const messageOf = (response: LightMyRequestResponse): string =>
  response.json<{ error: { message: string } }>().error.message;

/**
 * Blind A/B tests through the API (issue 31 items 1 and 3, decision 0304): who may start one and
 * with what, how the deck deals the two versions (one per listener, the track's own deals, B's
 * audio for B's listeners, nothing said of B), the figures under the floor, and the ends: a
 * decision that swaps a winning B's audio in, the artist's stop, a deleted version, the cap.
 */
describe('Blind A/B tests', () => {
  let t: TestApp;
  let artist: Client;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    // Each test starts from a deck of nothing and a new artist on the Pro plan (whose starts
    // and stops have their own rate limit).
    await t.db.query('update tracks set featured_in_player = false');
    artist = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
  });

  const as = (client: Client, method: 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, headers: { cookie: client.cookie } });
  const base = (trackId: string) => `/api/analytics/tracks/${trackId}/ab-test`;
  const page = async (trackId: string): Promise<TrackAbTest> => {
    const response = await artist.get(base(trackId));
    expect(response.statusCode).toBe(200);
    return trackAbTestSchema.parse(response.json());
  };
  const start = (trackId: string, versionBTrackId: string, cap = 2000, client = artist) =>
    client.post(base(trackId), { versionBTrackId, cap });

  /** The featured version A (60 s) and an unfeatured upload B (90 s) of the artist. */
  async function versions(): Promise<{ a: string; b: string }> {
    const a = await insertTrack(t.db, artist.id, { title: 'Night Bus (radio)' });
    const b = await insertTrack(t.db, artist.id, { title: 'Night Bus (long intro)', featured: false });
    await t.db.query('update tracks set duration_ms = 90000 where id = $1', [b]);
    return { a, b };
  }

  /** Writes a fixture track's audio file, with `marker` bytes, where local storage looks. */
  async function storeAudio(trackId: string, marker: number): Promise<void> {
    const [media] = await t.db.query<{ bucket: string; storage_key: string }>(
      'select m.bucket, m.storage_key from tracks t join media_objects m on m.id = t.audio_media_id where t.id = $1',
      [trackId],
    );
    if (!media || t.config.storage.kind !== 'local') throw new Error('fixture tracks are stored locally');
    const file = path.join(t.config.storage.dir, media.bucket, media.storage_key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, Buffer.alloc(1024 + marker, marker));
  }

  /**
   * `n` listener accounts the verdict trusts (confirmed, a month old), each with `endedAs` on a
   * served deal of `trackId`: written as the player writes them, so the deal's trigger gives
   * each its version. Returns each listener's version.
   */
  async function hearings(trackId: string, n: number, endedAs: (version: 'a' | 'b') => 'like' | 'skip') {
    const versions: ('a' | 'b')[] = [];
    for (let i = 0; i < n; i++) {
      const userId = await insertAccount(t.db, 'listener');
      await t.db.query(`update accounts set created_at = now() - interval '30 days' where id = $1`, [userId]);
      const [dealt] = await t.db.query<{ id: string; ab_version: 'a' | 'b' | null }>(
        `insert into deals (user_id, track_id, dealt_at, first_served_at)
         values ($1, $2, now() - interval '2 minutes', now() - interval '1 minute') returning id, ab_version`,
        [userId, trackId],
      );
      if (!dealt?.ab_version) throw new Error('a deal of a tested track carries its version');
      await t.db.query(
        `update deals set ended_as = $2, ended_at = now() - interval '10 seconds', end_position_ms = 20000,
           listened_before_like_ms = case when $2 = 'like' then 15000 end where id = $1`,
        [dealt.id, endedAs(dealt.ab_version)],
      );
      versions.push(dealt.ab_version);
    }
    return versions;
  }

  it('is an artist’s own, Pro or trial, featured track against another ready upload, one test at a time', async () => {
    const { a, b } = await versions();
    const listener = await signUp(t.app);
    expect((await listener.get(base(a))).statusCode).toBe(403);
    const stranger = await signUp(t.app, 'artist');
    expect((await stranger.get(base(a))).statusCode).toBe(404);
    expect(messageOf(await start(a, b, 2000, stranger))).toBe(TRACK_MESSAGES.notOwned);

    await t.db.query(`update artist_profiles set subscription_tier = 'free' where id = $1`, [artist.id]);
    expect((await page(a)).allowed).toBe(false);
    const free = await start(a, b);
    expect(free.statusCode).toBe(403);
    expect(messageOf(free)).toBe(AB_TEST_MESSAGES.proOnly);
    await t.db.query(`update artist_profiles set subscription_tier = 'trial' where id = $1`, [artist.id]);

    await t.db.query('update tracks set featured_in_player = false where id = $1', [a]);
    expect(messageOf(await start(a, b))).toBe(AB_TEST_MESSAGES.notFeatured);
    await t.db.query('update tracks set featured_in_player = true where id = $1', [a]);
    const before = await page(a);
    expect(before).toMatchObject({ featured: true, allowed: true, test: null });
    expect(before.candidates.map((c) => c.trackId)).toEqual([b]);

    const processing = await insertTrack(t.db, artist.id, { featured: false, status: 'processing' });
    const theirs = await insertTrack(t.db, stranger.id, { featured: false });
    const featuredOther = await insertTrack(t.db, artist.id);
    for (const bad of [a, processing, theirs, featuredOther]) {
      const refused = await start(a, bad);
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toBe(AB_TEST_MESSAGES.versionNotEligible);
    }
    for (const cap of [49, 20_001, 100.5]) {
      const refused = await start(a, b, cap);
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toContain(AB_TEST_MESSAGES.capOutOfRange);
    }
    expect(await t.db.query('select 1 from ab_tests where track_id = $1', [a])).toHaveLength(0);

    const started = await start(a, b, 500);
    expect(started.statusCode).toBe(201);
    const running = trackAbTestSchema.parse(started.json());
    expect(running.test).toMatchObject({
      status: 'running',
      cap: 500,
      versionA: { trackId: a, durationMs: 60_000 },
      versionB: { trackId: b, title: 'Night Bus (long intro)', durationMs: 90_000 },
      a: null,
      b: null,
      probabilityBBeatsA: null,
    });
    expect(running.candidates).toEqual([]);
    const again = await start(a, b);
    expect(again.statusCode).toBe(409);
    expect(messageOf(again)).toBe(AB_TEST_MESSAGES.alreadyRunning);

    // B featured beside the test would be dealt twice: the tracks area refuses it.
    const featureB = await as(artist, 'PUT', `/api/tracks/${b}/featured`, { featured: true });
    expect(featureB.statusCode).toBe(409);
    expect(messageOf(featureB)).toBe(AB_TEST_MESSAGES.versionUnderTest);
  });

  it('deals one version per listener within the track’s own deals, serves B’s audio to B’s listeners and says nothing of B', async () => {
    const { a, b } = await versions();
    await storeAudio(a, 1);
    await storeAudio(b, 2);
    expect((await start(a, b)).statusCode).toBe(201);
    const seen = new Set<string>();
    for (let i = 0; i < 12; i++) {
      const listener = await signUp(t.app);
      const next = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
      if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
      const alias = next.track.id;
      const [row] = await t.db.query<{ track_id: string; ab_version: 'a' | 'b' }>(
        'select track_id, ab_version from deals where id = $1',
        [alias],
      );
      if (!row) throw new Error('the deal is recorded');
      // The track's own deal (the fair deck counts it once), in the listener's version.
      expect(row.track_id).toBe(a);
      seen.add(row.ab_version);
      const granted = await listener.post('/functions/v1/secure-track-access', {
        trackId: alias,
        purpose: 'playback',
      });
      expect(granted.statusCode).toBe(200);
      const everything = JSON.stringify([next, granted.json()]);
      expect(everything).not.toContain(b);
      expect(everything).not.toContain(a);
      const audio = await t.app.inject({
        method: 'GET',
        url: granted.json<{ signedUrl: string }>().signedUrl,
      });
      // The bytes are the version's: B's file is one byte longer and made of 2s.
      expect(audio.rawPayload[0]).toBe(row.ab_version === 'b' ? 2 : 1);
      expect(next.track.durationMs).toBe(row.ab_version === 'b' ? 90_000 : 60_000);
      await fetchAudio(t, granted.json<{ signedUrl: string }>().signedUrl);

      // Dealt the track again later, the listener hears the same version.
      await t.db.query(`update deals set ended_as = 'skip', ended_at = now() where id = $1`, [alias]);
      const [repeat] = await t.db.query<{ ab_version: string }>(
        `insert into deals (user_id, track_id, dealt_at) values ($1, $2, now()) returning ab_version`,
        [listener.id, a],
      );
      expect(repeat?.ab_version).toBe(row.ab_version);
    }
    expect(seen).toEqual(new Set(['a', 'b']));
    const [exposure] = await t.db.query<{ deal_count: number }>(
      'select deal_count from deck_exposure where track_id = $1',
      [a],
    );
    expect(exposure?.deal_count).toBe(24);
    const [bExposure] = await t.db.query<{ deal_count: number; in_deck: boolean }>(
      'select deal_count, in_deck from deck_exposure where track_id = $1',
      [b],
    );
    expect(bExposure).toMatchObject({ deal_count: 0, in_deck: false });
  });

  it('shows a version only from five trusted listeners, and the comparison only when both have five', async () => {
    const { a, b } = await versions();
    expect((await start(a, b)).statusCode).toBe(201);
    // One listener at a time, until both versions are past the floor: at every read each
    // version shows exactly its listeners rounded down to a step of five, or nothing.
    const split: ('a' | 'b')[] = [];
    const floorOf = (n: number) => n - (n % 5);
    let test: TrackAbTest['test'] = null;
    let comparedAt = 0;
    while (split.filter((v) => v === 'a').length < 6 || split.filter((v) => v === 'b').length < 6) {
      split.push(...(await hearings(a, 1, (v) => (v === 'b' ? 'like' : 'skip'))));
      test = (await page(a)).test;
      const inA = split.filter((v) => v === 'a').length;
      const inB = split.length - inA;
      expect(test?.a?.listeners ?? 0).toBe(floorOf(inA));
      expect(test?.b?.listeners ?? 0).toBe(floorOf(inB));
      expect(test?.probabilityBBeatsA === null).toBe(inA < 5 || inB < 5);
      if (comparedAt === 0 && inA >= 5 && inB >= 5) comparedAt = split.length;
    }
    expect(comparedAt).toBeGreaterThan(0);
    if (!test?.a || !test.b) throw new Error('both versions have figures');
    expect(test.a).toMatchObject({ likes: 0, likeRate: 0, interval: { low: 0 } });
    expect(test.b).toMatchObject({ skips: 0, likeRate: 1, interval: { high: 1 }, medianSecondsToLike: 15 });
    expect(test.b.interval?.low).toBeGreaterThan(0.4);
    expect(test.b.skipCurve).toHaveLength(21);
    expect(test.probabilityBBeatsA).toBeGreaterThan(0.99);
    // An untrusted account (made today) adds nothing to either version.
    const before = JSON.stringify([test.a, test.b]);
    const scripted = await insertAccount(t.db, 'listener');
    await t.db.query(
      `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms)
       values ($1, $2, now() - interval '2 minutes', now() - interval '1 minute', 'like', now(), 20000)`,
      [scripted, a],
    );
    const after = (await page(a)).test;
    expect(JSON.stringify([after?.a, after?.b])).toBe(before);
  });

  it('ends at a decision, swapping a winning B’s audio into the track, which keeps its likes and id', async () => {
    const { a, b } = await versions();
    await t.db.query('update tracks set likes = 7 where id = $1', [a]);
    const [audioBefore] = await t.db.query<{ a: string; b: string }>(
      `select (select audio_media_id from tracks where id = $1) as a, (select audio_media_id from tracks where id = $2) as b`,
      [a, b],
    );
    expect((await start(a, b, 50)).statusCode).toBe(201);
    await hearings(a, 60, (v) => (v === 'b' ? 'like' : 'skip'));
    // The periodic look decides with nobody reading the page.
    await requestAbTestLook(t.db, new Date());
    await runDueJobs(t);
    const [ended] = await t.db.query<{ status: string }>('select status from ab_tests where track_id = $1', [
      a,
    ]);
    expect(ended?.status).toBe('b-won');
    const [after] = await t.db.query<{ a: string; b: string; a_ms: number; likes: number }>(
      `select (select audio_media_id from tracks where id = $1) as a, (select audio_media_id from tracks where id = $2) as b,
         (select duration_ms from tracks where id = $1) as a_ms, (select likes from tracks where id = $1) as likes`,
      [a, b],
    );
    expect(after).toEqual({ a: audioBefore?.b, b: audioBefore?.a, a_ms: 90_000, likes: 7 });
    const view = (await page(a)).test;
    expect(view).toMatchObject({ status: 'b-won', versionB: { durationMs: 90_000 } });
    expect(view?.endedAt).not.toBeNull();
    // A new deal of the track is no part of the ended test.
    const [fresh] = await t.db.query<{ ab_version: string | null }>(
      `insert into deals (user_id, track_id, dealt_at) values ($1, $2, now()) returning ab_version`,
      [await insertAccount(t.db, 'listener'), a],
    );
    expect(fresh?.ab_version).toBeNull();
    const csv = await artist.get(`${base(a)}.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('test,status,b-won');
    expect(csv.body).toMatch(/b,like_rate,1\.0000/);
  });

  it('ends without a winner at the cap when the versions are alike, and A stays with its own audio', async () => {
    const { a, b } = await versions();
    expect((await start(a, b, 50)).statusCode).toBe(201);
    // Every third listener of each version likes: two versions alike to the like, so no
    // reading of the rule can crown either.
    const heard = { a: 0, b: 0 };
    const split: ('a' | 'b')[] = [];
    const fewest = () => Math.min(...(['a', 'b'] as const).map((v) => split.filter((s) => s === v).length));
    while (fewest() < 50)
      split.push(...(await hearings(a, 10, (v) => (heard[v]++ % 3 === 0 ? 'like' : 'skip'))));
    const view = (await page(a)).test;
    expect(view?.status).toBe('no-clear-winner');
    expect(view?.a?.listeners).toBeGreaterThanOrEqual(50);
    const [kept] = await t.db.query<{ duration_ms: number }>('select duration_ms from tracks where id = $1', [
      a,
    ]);
    expect(kept?.duration_ms).toBe(60_000);
  });

  it('stops at the artist’s word or a deleted version, keeping version A, and serves A again', async () => {
    const { a, b } = await versions();
    await storeAudio(a, 1);
    await storeAudio(b, 2);
    expect((await start(a, b)).statusCode).toBe(201);
    // A listener dealt version B before the stop, who presses play after it.
    let inB: { client: Client; alias: string } | undefined;
    while (!inB) {
      const listener = await signUp(t.app);
      const next = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
      if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
      const [row] = await t.db.query<{ ab_version: string }>('select ab_version from deals where id = $1', [
        next.track.id,
      ]);
      if (row?.ab_version === 'b') inB = { client: listener, alias: next.track.id };
    }
    const stopped = await artist.post(`${base(a)}/stop`, {});
    expect(stopped.statusCode).toBe(200);
    expect(trackAbTestSchema.parse(stopped.json()).test?.status).toBe('stopped');
    expect(messageOf(await artist.post(`${base(a)}/stop`, {}))).toBe(AB_TEST_MESSAGES.notRunning);
    const [kept] = await t.db.query<{ duration_ms: number }>('select duration_ms from tracks where id = $1', [
      a,
    ]);
    expect(kept?.duration_ms).toBe(60_000);
    const granted = await inB.client.post('/functions/v1/secure-track-access', {
      trackId: inB.alias,
      purpose: 'playback',
    });
    const audio = await t.app.inject({ method: 'GET', url: granted.json<{ signedUrl: string }>().signedUrl });
    expect(audio.rawPayload[0]).toBe(1);

    // A new test of the same track may start, and deleting version B ends it.
    expect((await start(a, b)).statusCode).toBe(201);
    expect((await as(artist, 'DELETE', `/api/tracks/${b}`)).statusCode).toBeLessThan(300);
    expect((await page(a)).test?.status).toBe('stopped');
  });
});
