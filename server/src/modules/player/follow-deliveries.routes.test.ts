import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FOLLOW_DIGEST_TEXT,
  FOLLOW_RULES,
  artistTracksResponseSchema,
  nextTrackResponseSchema,
  revealSchema,
  wilsonLowerBound,
} from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { enqueueJob } from '../../jobs/runner';
import { hear } from '../../test/listening';
import { runDueJobs } from '../../test/run-jobs';
import { DELIVER_TO_FOLLOWERS_JOB } from './player.jobs';
import { createPlayerRepository } from './player.repository';

const DEEP = 'Minimal / Deep Tech';
const HOUSE = 'House / Tech House';

/**
 * Follow means first deal (issue 32 item 5, decision 0306), as a follower, an artist and a script
 * meet it: a followed artist's new track is dealt first, blind, only to listeners who followed
 * before it entered the deck; the deal is no draw from the deck, so it moves neither the deck's
 * exposure nor the verdict (a follower knew whose it could be); one digest a week says how many
 * wait, naming none; the artist sees how many followers heard it in its first day, from five.
 */
describe('follow deliveries', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ CHART_CACHE_MS: '0' });
  });
  afterAll(async () => {
    await t.close();
  });

  const deliver = async () => {
    await enqueueJob(t.db, DELIVER_TO_FOLLOWERS_JOB, {}, { dedupeKey: `test:${crypto.randomUUID()}` });
    await runDueJobs(t);
  };

  const follow = async (client: Client, artistId: string) => {
    expect((await client.post(`/api/follows/${artistId}`, {})).statusCode).toBe(200);
  };

  /** The next deal, as the listener sees it, and its row as the server keeps it. */
  const next = async (client: Client, query = '') => {
    const response = await client.get(`/api/player/next${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const body = nextTrackResponseSchema.parse(response.json());
    if (body.state !== 'track') throw new Error(`expected a track, got ${body.state}`);
    const [deal] = await t.db.query<{ track_id: string; origin: string }>(
      'select track_id, origin from deals where id = $1',
      [body.track.id],
    );
    if (!deal) throw new Error('the deal is not kept');
    return { alias: body.track.id, raw: response.json<Record<string, unknown>>(), ...deal };
  };

  const pending = (userId: string) =>
    t.db
      .query<{ track_id: string }>(
        'select track_id from follow_deliveries where user_id = $1 order by released_at',
        [userId],
      )
      .then((rows) => rows.map((row) => row.track_id));

  const dealCount = async (trackId: string): Promise<number> => {
    const [row] = await t.db.query<{ deal_count: number }>(
      'select deal_count from deck_exposure where track_id = $1',
      [trackId],
    );
    return row?.deal_count ?? Number.NaN;
  };

  it("deals a followed artist's new track first and blind, outside the deck's exposure, and never again", async () => {
    const artistName = 'Orla Kestrel';
    const artistId = await insertAccount(t.db, 'artist', { artistName });
    const older: string[] = [];
    for (let i = 0; i < 4; i++) older.push(await insertTrack(t.db, artistId, { genre: DEEP }));
    // In the deck a month already: none of them is the artist's release this week.
    await t.db.query(
      `update follow_releases set entered_at = entered_at - interval '30 days' where track_id = any($1::uuid[])`,
      [older],
    );
    const follower = await signUp(t.app);
    await follow(follower, artistId);
    const fresh = await insertTrack(t.db, artistId, { genre: DEEP, title: 'Salt Lines' });
    const latecomer = await signUp(t.app);
    await follow(latecomer, artistId);
    await deliver();

    // Only the track that entered the deck after the follow, and only for who followed first.
    expect(await pending(follower.id)).toEqual([fresh]);
    expect(await pending(latecomer.id)).toEqual([]);

    const first = await next(follower);
    expect(first).toMatchObject({ track_id: fresh, origin: 'follow' });
    // The same answer as any deal: an alias, a length in whole seconds, nothing that names it.
    expect(Object.keys(first.raw).sort()).toEqual(['state', 'track', 'tuned']);
    expect(Object.keys(first.raw.track as object).sort()).toEqual(['durationMs', 'id']);
    expect(JSON.stringify(first.raw)).not.toContain(fresh);
    expect(JSON.stringify(first.raw)).not.toContain(artistName);
    expect(await dealCount(fresh)).toBe(0);
    expect(await pending(follower.id)).toEqual([]);

    // Skipped, it is never dealt to the follower again, though it is the least exposed track.
    await hear(t, follower, first.alias);
    expect((await follower.post(`/api/player/tracks/${first.alias}/dislike`, {})).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) expect((await next(follower)).track_id).not.toBe(fresh);
  });

  it("keeps a follower's verdict of a delivered track out of the chart and of their taste", async () => {
    const artistId = await insertAccount(t.db, 'artist');
    const follower = await signUp(t.app);
    await t.db.query(
      `update accounts set email_verified_at = now(), created_at = now() - interval '30 days' where id = $1`,
      [follower.id],
    );
    await follow(follower, artistId);
    const trackId = await insertTrack(t.db, artistId, { genre: DEEP });
    const raters: string[] = [];
    for (let i = 0; i < 3; i++) raters.push(await insertAccount(t.db, 'listener'));
    await t.db.query(
      `update accounts set created_at = now() - interval '30 days' where id = any($1::uuid[])`,
      [raters],
    );
    for (const rater of raters)
      await t.db.query(
        `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
         values ($1, $2, now() - interval '2 days', now() - interval '2 days', 'like', now() - interval '2 days' + interval '1 minute', 40000, 40000)`,
        [rater, trackId],
      );
    await deliver();
    const delivered = await next(follower);
    expect(delivered).toMatchObject({ track_id: trackId, origin: 'follow' });
    await hear(t, follower, delivered.alias);
    expect(
      (await follower.post(`/api/player/tracks/${delivered.alias}/dislike`, { positionMs: 50_000 }))
        .statusCode,
    ).toBe(200);

    await enqueueJob(t.db, 'catalogue.refresh-verdicts', { slot: new Date().toISOString() });
    await runDueJobs(t);
    const [row] = await t.db.query<{ verdict_score: number }>(
      'select verdict_score from tracks where id = $1',
      [trackId],
    );
    // Counted, the skip would make it 3 likes of 4.
    expect(row?.verdict_score).toBeCloseTo(wilsonLowerBound(3, 3), 9);
    expect((await createPlayerRepository(t.db).tasteEvidence(follower.id)).evidence).toEqual([]);
  });

  it('reveals a liked delivery as any like does', async () => {
    const artistName = 'Juno Halvard';
    const artistId = await insertAccount(t.db, 'artist', { artistName });
    const follower = await signUp(t.app);
    await follow(follower, artistId);
    const trackId = await insertTrack(t.db, artistId, { genre: DEEP });
    await deliver();
    const delivered = await next(follower);
    expect(delivered.track_id).toBe(trackId);
    await hear(t, follower, delivered.alias);
    const like = await follower.post(`/api/player/tracks/${delivered.alias}/like`, { addToLibrary: false });
    expect(like.statusCode).toBe(200);
    const reveal = revealSchema.parse(like.json());
    expect(reveal.track.id).toBe(trackId);
    expect(reveal.track.artist).toBe(artistName);
    expect(reveal.artist.isFollowing).toBe(true);
  });

  it("delivers an artist's first two releases of a week, each once, and only while the artist is followed", async () => {
    const artistId = await insertAccount(t.db, 'artist');
    const follower = await signUp(t.app);
    await follow(follower, artistId);
    const releases: string[] = [];
    for (let i = 0; i < FOLLOW_RULES.releasesPerArtistPerWeek + 1; i++)
      releases.push(await insertTrack(t.db, artistId, { genre: DEEP }));
    await deliver();
    expect(await pending(follower.id)).toEqual(releases.slice(0, FOLLOW_RULES.releasesPerArtistPerWeek));

    // Featured again, a track is no new release; a second run hands out nothing twice.
    const [firstRelease] = releases;
    await t.db.query('update tracks set featured_in_player = false where id = $1', [firstRelease]);
    await t.db.query('update tracks set featured_in_player = true where id = $1', [firstRelease]);
    await deliver();
    expect(await pending(follower.id)).toHaveLength(FOLLOW_RULES.releasesPerArtistPerWeek);

    // Unfollowed, the artist's tracks wait no more: the deck deals as it would.
    const unfollow = await t.app.inject({
      method: 'DELETE',
      url: `/api/follows/${artistId}`,
      headers: { cookie: follower.cookie },
    });
    expect(unfollow.statusCode).toBe(200);
    expect((await next(follower)).origin).toBe('discover');
  });

  it('leaves a delivery waiting while the listener digs by a filter or asks to be surprised', async () => {
    const artistId = await insertAccount(t.db, 'artist');
    const follower = await signUp(t.app);
    await follow(follower, artistId);
    const trackId = await insertTrack(t.db, artistId, { genre: DEEP });
    await insertTrack(t.db, artistId, { genre: HOUSE });
    await deliver();
    // Out of the fair deck's least-exposed tier: the deck alone would not deal it next.
    await t.db.query('update deck_exposure set deal_count = 1000 where track_id = $1', [trackId]);
    expect((await next(follower, `?genre=${encodeURIComponent(HOUSE)}`)).origin).toBe('discover');
    expect((await next(follower, '?surprise=true')).origin).toBe('discover');
    expect(await next(follower)).toMatchObject({ track_id: trackId, origin: 'follow' });
  });

  it('never delivers a track the listener was dealt before, or one that left the deck', async () => {
    const artistId = await insertAccount(t.db, 'artist');
    const follower = await signUp(t.app);
    await follow(follower, artistId);
    const heard = await insertTrack(t.db, artistId, { genre: DEEP });
    const gone = await insertTrack(t.db, artistId, { genre: DEEP });
    await deliver();
    await t.db.query(`insert into deals (user_id, track_id, origin) values ($1, $2, 'charts')`, [
      follower.id,
      heard,
    ]);
    await t.db.query('update tracks set featured_in_player = false where id = $1', [gone]);
    const dealt = await next(follower);
    expect(dealt.origin).toBe('discover');
    expect([heard, gone]).not.toContain(dealt.track_id);
  });

  it('asks a listener found with nothing waiting again only a minute on', async () => {
    let at = Date.now();
    const clocked = await createTestApp({}, { listeningClock: () => new Date(at) });
    try {
      const artistId = await insertAccount(clocked.db, 'artist');
      for (let i = 0; i < 3; i++) await insertTrack(clocked.db, artistId, { genre: DEEP });
      await clocked.db.query(`update follow_releases set entered_at = entered_at - interval '30 days'`);
      const follower = await signUp(clocked.app);
      expect((await follower.post(`/api/follows/${artistId}`, {})).statusCode).toBe(200);
      const originOf = async () => {
        const body = nextTrackResponseSchema.parse((await follower.get('/api/player/next')).json());
        if (body.state !== 'track') throw new Error(`expected a track, got ${body.state}`);
        const [deal] = await clocked.db.query<{ origin: string; track_id: string }>(
          'select origin, track_id from deals where id = $1',
          [body.track.id],
        );
        return deal;
      };
      expect((await originOf())?.origin).toBe('discover');
      const fresh = await insertTrack(clocked.db, artistId, { genre: DEEP });
      // Out of the fair deck's least-exposed tier: only the delivery deals it.
      await clocked.db.query('update deck_exposure set deal_count = 1000 where track_id = $1', [fresh]);
      at += 30_000;
      await enqueueJob(clocked.db, DELIVER_TO_FOLLOWERS_JOB, {}, { dedupeKey: 'clocked' });
      await runDueJobs(clocked);
      expect(
        await clocked.db.query('select 1 from follow_deliveries where user_id = $1', [follower.id]),
      ).toHaveLength(1);
      expect((await originOf())?.origin).toBe('discover');
      at += 31_000;
      expect(await originOf()).toEqual({ origin: 'follow', track_id: fresh });
    } finally {
      await clocked.close();
    }
  });

  describe('the weekly digest', () => {
    const outbox = (to: string) =>
      t.db.query<{ subject: string; text_body: string }>(
        `select subject, text_body from email_outbox where to_address = $1 and template = 'follow-digest'`,
        [to],
      );
    const sendDigests = async () => {
      // The follows area's job, by its stored kind.
      await enqueueJob(t.db, 'follows.send-digests', {}, { dedupeKey: `test:${crypto.randomUUID()}` });
      await runDueJobs(t);
    };
    /** A follower with `count` deliveries that have waited a day and more. */
    const followerWaiting = async (count: number, options: { verified?: boolean } = {}) => {
      const artistName = `Artist ${crypto.randomUUID().slice(0, 6)}`;
      const artistId = await insertAccount(t.db, 'artist', { artistName });
      const follower = await signUp(t.app);
      if (options.verified !== false)
        await t.db.query('update accounts set email_verified_at = now() where id = $1', [follower.id]);
      await follow(follower, artistId);
      const titles: string[] = [];
      for (let i = 0; i < count; i++) {
        const title = `Title ${crypto.randomUUID().slice(0, 6)}`;
        titles.push(title);
        await insertTrack(t.db, artistId, { genre: DEEP, title });
      }
      await deliver();
      await t.db.query(
        `update follow_deliveries set released_at = released_at - interval '25 hours' where user_id = $1`,
        [follower.id],
      );
      return { follower, artistName, titles };
    };

    it('says how many blind tracks wait, once a week, naming none, with the unsubscribe link', async () => {
      const { follower, artistName, titles } = await followerWaiting(2);
      await sendDigests();
      const sent = await outbox(follower.email);
      expect(sent).toHaveLength(1);
      const [email] = sent;
      expect(email?.subject).toBe(FOLLOW_DIGEST_TEXT.subject(2));
      expect(email?.text_body).toContain(FOLLOW_DIGEST_TEXT.body(2));
      expect(email?.text_body).toContain(`/unsubscribe?email=${encodeURIComponent(follower.email)}`);
      expect(email?.text_body).not.toContain(artistName);
      for (const title of titles) expect(email?.text_body).not.toContain(title);

      // A week at most: a new release the next day waits for next week's digest.
      await sendDigests();
      expect(await outbox(follower.email)).toHaveLength(1);
    });

    it('goes to no one who unsubscribed, is unverified, or had the track dealt within the day', async () => {
      const unsubscribed = await followerWaiting(1);
      expect(
        (
          await unsubscribed.follower.post('/functions/v1/unsubscribe', {
            email: unsubscribed.follower.email,
          })
        ).statusCode,
      ).toBeLessThan(300);
      const unverified = await followerWaiting(1, { verified: false });
      const active = await followerWaiting(1);
      await next(active.follower);
      await sendDigests();
      expect(await outbox(unsubscribed.follower.email)).toEqual([]);
      expect(await outbox(unverified.follower.email)).toEqual([]);
      expect(await outbox(active.follower.email)).toEqual([]);
    });
  });

  it('shows an artist of five followers and more how many heard a new track in its first day, from five', async () => {
    const artist = await signUp(t.app, 'artist');
    const followers: Client[] = [];
    for (let i = 0; i < FOLLOW_RULES.firstDayFloor; i++) {
      const follower = await signUp(t.app);
      await follow(follower, artist.id);
      followers.push(follower);
    }
    const trackId = await insertTrack(t.db, artist.id, { genre: DEEP });
    await deliver();
    const firstDay = async () => {
      const list = artistTracksResponseSchema.parse((await artist.get('/api/tracks')).json());
      return list.tracks.find((track) => track.id === trackId)?.followersFirstDay;
    };
    expect(await firstDay()).toEqual({ heard: null, complete: false });
    // With fewer than five followers there is no line at all: "under five" would say nothing.
    await t.db.query('update artist_profiles set followers = followers - 1 where id = $1', [artist.id]);
    expect(await firstDay()).toBeNull();
    await t.db.query('update artist_profiles set followers = followers + 1 where id = $1', [artist.id]);

    for (const follower of followers) {
      const delivered = await next(follower);
      expect(delivered.track_id).toBe(trackId);
      // Dealt is not heard: only the audio sent counts.
      if (follower !== followers[0]) await hear(t, follower, delivered.alias);
    }
    expect(await firstDay()).toEqual({ heard: null, complete: false });
    const [firstFollower] = followers;
    if (!firstFollower) throw new Error('a follower expected');
    const [firstDeal] = await t.db.query<{ id: string }>(
      'select id from deals where user_id = $1 and track_id = $2',
      [firstFollower.id, trackId],
    );
    await hear(t, firstFollower, firstDeal?.id ?? '');
    expect(await firstDay()).toEqual({ heard: FOLLOW_RULES.firstDayFloor, complete: false });

    // Heard only after their first day, the same listens count for nothing.
    await t.db.query(
      `update follow_releases set entered_at = entered_at - interval '25 hours' where track_id = $1`,
      [trackId],
    );
    expect(await firstDay()).toEqual({ heard: null, complete: true });
  });
});
