import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POINTS } from '@klang/domain';
import { createLocalStorage } from '../../providers/storage/local-storage';
import { openStreamGrant } from '../../providers/storage/stream-grant';
import { dealTrack, insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { createTestDatabase } from '../../test/database';
import { createLoyaltyService } from '../loyalty/loyalty.service';
import { createPlayerService } from './player.service';

const STREAM_SECRET = 'player-test-stream-secret-0123456789';

describe('player service', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let clock = new Date('2026-11-21T12:00:00Z');
  const storage = createLocalStorage({
    dir: '/tmp/klang-player-test',
    signingSecret: 'player-test-secret-0123456789abcdef',
  });
  let player: ReturnType<typeof createPlayerService>;
  let artist: string;
  let listener: string;

  beforeAll(async () => {
    db = await createTestDatabase();
    player = createPlayerService({
      db,
      storage,
      streamSecret: STREAM_SECRET,
      loyalty: createLoyaltyService({ clock: () => clock }),
      clock: () => clock,
    });
  });
  afterAll(async () => {
    await db.drop();
  });
  beforeEach(async () => {
    await db.query('delete from accounts');
    clock = new Date('2026-11-21T12:00:00Z');
    artist = await insertAccount(db, 'artist', { artistName: 'Halden Marr' });
    listener = await insertAccount(db, 'listener');
  });

  /**
   * Deals the track to the user, grants it and sends its audio (the stream route's call);
   * resolves to the alias the user holds.
   */
  const serve = async (trackId: string, user = listener) => {
    const alias = await dealTrack(db, user, trackId);
    const { signedUrl } = await player.secureTrackAccess(user, {
      trackId: alias,
      purpose: 'playback',
      duration: 600,
    });
    const url = new URL(signedUrl, 'http://localhost');
    const grant = openStreamGrant(
      STREAM_SECRET,
      url.pathname.split('/').at(-1) ?? '',
      url.searchParams.get('exp'),
      clock.getTime(),
    );
    if (!grant?.id) throw new Error('the grant does not open to a recorded grant');
    await player.streamServed(grant.id, clock);
    return alias;
  };
  const trackOfDeal = async (alias: string) =>
    (await db.query<{ track_id: string }>('select track_id from deals where id = $1', [alias]))[0]?.track_id;
  const counters = async (trackId: string) =>
    (
      await db.query<{ likes: number; dislikes: number; added_to_library: number; play_count: number }>(
        'select likes, dislikes, added_to_library, play_count from tracks where id = $1',
        [trackId],
      )
    )[0];
  const xp = async (user = listener) =>
    (
      await db.query<{
        total_points: number;
        swipes: number;
        likes: number;
        dislikes: number;
        added_to_library: number;
        tier: string;
      }>(
        'select total_points, swipes, likes, dislikes, added_to_library, tier from user_xp where user_id = $1',
        [user],
      )
    )[0];

  describe('next track', () => {
    it('picks only featured, ready, undeleted tracks the user has not liked, never the current one', async () => {
      const wanted = await insertTrack(db, artist);
      await insertTrack(db, artist, { featured: false });
      await insertTrack(db, artist, { status: 'processing' });
      await insertTrack(db, artist, { deleted: true });
      const liked = await insertTrack(db, artist);
      await player.like(listener, await serve(liked), false);
      const aliases = new Set<string>();
      for (let i = 0; i < 20; i++) {
        const next = await player.nextTrack(listener, null);
        if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
        expect(next.track.durationMs).toBe(60000);
        expect(await trackOfDeal(next.track.id)).toBe(wanted);
        aliases.add(next.track.id);
      }
      // Every deal is its own alias, and none of them is the track's public id.
      expect(aliases.size).toBe(20);
      expect(aliases.has(wanted)).toBe(false);
      expect(await player.nextTrack(listener, [...aliases][0] ?? null)).toEqual({ state: 'all-liked' });
    });

    it('says empty when nothing is featured, and all-liked when everything is liked', async () => {
      expect(await player.nextTrack(listener, null)).toEqual({ state: 'empty' });
      const only = await insertTrack(db, artist);
      await player.like(listener, await serve(only), false);
      expect(await player.nextTrack(listener, null)).toEqual({ state: 'all-liked' });
    });

    it('wraps around the random key, so a high draw still finds a track', async () => {
      const id = await insertTrack(db, artist);
      await db.query('update deck_exposure set rnd = 0.01 where track_id = $1', [id]);
      const high = createPlayerService({
        db,
        storage,
        streamSecret: STREAM_SECRET,
        loyalty: createLoyaltyService(),
        random: () => 0.99,
      });
      const next = await high.nextTrack(listener, null);
      expect(next.state).toBe('track');
      if (next.state === 'track') expect(await trackOfDeal(next.track.id)).toBe(id);
    });

    it('returns a blind track: an id and a length, nothing that names it', async () => {
      await insertTrack(db, artist, { title: 'Tidal Lock' });
      const body = JSON.stringify(await player.nextTrack(listener, null));
      expect(body).not.toMatch(/Tidal|Halden|Marr/);
      expect(body).not.toContain(artist);
    });
  });

  describe('secure track access', () => {
    it('clamps the lifetime to 60..600 s and counts a playback, not a preload', async () => {
      const id = await insertTrack(db, artist);
      const alias = await dealTrack(db, listener, id);
      const long = await player.secureTrackAccess(listener, {
        trackId: alias,
        purpose: 'playback',
        duration: 1_000_000_000,
      });
      const exp = Number(new URL(long.signedUrl, 'http://x').searchParams.get('exp'));
      expect(exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(600);
      await player.secureTrackAccess(listener, { trackId: alias, purpose: 'preload', duration: 600 });
      expect((await counters(id))?.play_count).toBe(1);
    });

    it('refuses a deleted or unready track', async () => {
      const gone = await insertTrack(db, artist, { deleted: true });
      await expect(serve(gone)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('the like rule', () => {
    it('refuses a like or dislike of a track dealt but never served', async () => {
      const id = await insertTrack(db, artist);
      const alias = await dealTrack(db, listener, id);
      await expect(player.like(listener, alias, false)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      await expect(player.dislike(listener, alias)).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(await counters(id)).toMatchObject({ likes: 0, dislikes: 0 });
    });

    it("refuses a like, dislike or grant by public id or by another listener's alias, as unknown", async () => {
      const id = await insertTrack(db, artist);
      const other = await insertAccount(db, 'listener');
      const theirs = await serve(id, other);
      // The grant is refused for both, and so the listener has nothing to rate with.
      await expect(serve(id)).resolves.toBeTypeOf('string');
      await db.query('delete from deals where user_id = $1', [listener]);
      await db.query('delete from playback_grants where user_id = $1', [listener]);
      for (const given of [id, theirs]) {
        await expect(
          player.secureTrackAccess(listener, { trackId: given, purpose: 'preload', duration: 600 }),
        ).rejects.toMatchObject({ code: 'NOT_FOUND' });
        await expect(player.like(listener, given, false)).rejects.toMatchObject({ code: 'NOT_FOUND' });
        await expect(player.dislike(listener, given)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      }
      expect(await counters(id)).toMatchObject({ likes: 0, dislikes: 0 });
    });

    it('refuses a grant for a dealt track that is no longer featured, unless liked', async () => {
      const id = await insertTrack(db, artist);
      const alias = await dealTrack(db, listener, id);
      await db.query('update tracks set featured_in_player = false where id = $1', [id]);
      await expect(
        player.secureTrackAccess(listener, { trackId: alias, purpose: 'playback', duration: 600 }),
      ).rejects.toMatchObject({ code: 'NOT_FOUND' });
      await db.query('update tracks set featured_in_player = true where id = $1', [id]);
      await player.like(listener, await serve(id), false);
      await db.query('update tracks set featured_in_player = false where id = $1', [id]);
      // Liked: the charts, the library and the artist page play it by its public id.
      await expect(
        player.secureTrackAccess(listener, { trackId: id, purpose: 'playback', duration: 600 }),
      ).resolves.toMatchObject({ success: true });
    });

    it('reveals the artist on a like and awards swipe and like points once', async () => {
      const id = await insertTrack(db, artist, { title: 'Tidal Lock' });
      const alias = await serve(id);
      const reveal = await player.like(listener, alias, false);
      expect(reveal.track).toMatchObject({
        id,
        title: 'Tidal Lock',
        artist: 'Halden Marr',
        artistId: artist,
      });
      expect(reveal.artist).toMatchObject({
        id: artist,
        name: 'Halden Marr',
        followers: 0,
        isFollowing: false,
      });
      expect(reveal.track.coverUrl).toMatch(/^\/media\/coverart\//);
      const again = await player.like(listener, alias, false);
      expect(again.addedToLibrary).toBe(false);
      expect(JSON.stringify(again)).not.toContain(alias);
      expect(await counters(id)).toMatchObject({ likes: 1 });
      expect(await xp()).toMatchObject({ total_points: POINTS.swipe + POINTS.like, swipes: 1, likes: 1 });
    });

    it('adds an existing like to the library once, and the library never farms points', async () => {
      const id = await insertTrack(db, artist);
      await player.like(listener, await serve(id), false);
      expect((await player.like(listener, id, true)).addedToLibrary).toBe(true);
      await player.like(listener, id, true);
      await player.removeFromLibrary(listener, id);
      await player.removeFromLibrary(listener, id);
      await player.like(listener, id, true);
      expect(await counters(id)).toMatchObject({ likes: 1, added_to_library: 1 });
      expect(await xp()).toMatchObject({
        total_points: POINTS.swipe + POINTS.like + POINTS.library,
        added_to_library: 1,
      });
    });

    it('turns a skip into a like without a second swipe point', async () => {
      const id = await insertTrack(db, artist);
      const alias = await serve(id);
      await player.dislike(listener, alias);
      await player.dislike(listener, alias);
      expect(await counters(id)).toMatchObject({ likes: 0, dislikes: 1 });
      await player.like(listener, alias, false);
      expect(await counters(id)).toMatchObject({ likes: 1, dislikes: 0 });
      expect(await xp()).toMatchObject({
        total_points: POINTS.swipe + POINTS.like,
        swipes: 1,
        dislikes: 1,
        likes: 1,
      });
      await player.dislike(listener, id);
      expect(await counters(id)).toMatchObject({ likes: 1, dislikes: 0 });
    });

    it('keeps counters exact under concurrent likes from many users', async () => {
      const id = await insertTrack(db, artist);
      const users = await Promise.all(Array.from({ length: 12 }, () => insertAccount(db, 'listener')));
      const aliases = await Promise.all(users.map((user) => serve(id, user)));
      await Promise.all(
        users.flatMap((user, i) => {
          const alias = aliases[i] ?? '';
          return [player.like(user, alias, true), player.like(user, alias, false)];
        }),
      );
      const [rows] = await db.query<{ n: number }>(
        `select count(*)::int as n from track_interactions where track_id = $1 and interaction_type = 'like'`,
        [id],
      );
      expect(await counters(id)).toMatchObject({ likes: rows?.n, added_to_library: 12 });
      expect(rows?.n).toBe(12);
      // Each user's points came once, whichever of their two requests won the like.
      const points = await db.query<{ total_points: number }>(
        'select total_points from user_xp where user_id = any($1::uuid[])',
        [users],
      );
      expect(points.map((row) => row.total_points)).toEqual(
        users.map(() => POINTS.swipe + POINTS.like + POINTS.library),
      );
    });
  });
});
