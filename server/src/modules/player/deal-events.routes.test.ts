import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_RULES, nextTrackResponseSchema, revealSchema } from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { fetchAudio, grant, hear } from '../../test/listening';

interface DealRow {
  user_id: string;
  track_id: string;
  first_served_at: Date | null;
  ended_as: 'like' | 'skip' | 'left' | null;
  end_position_ms: number | null;
  listened_before_like_ms: number | null;
}

/**
 * The deal as a listening event (issue 19, decision 0190): how a deal ends and at which position,
 * as a script would try to bend it. Every fixture track is 60 s long.
 */
describe('deals as listening events', () => {
  let t: TestApp;
  let artistId: string;

  beforeAll(async () => {
    t = await createTestApp();
    artistId = await insertAccount(t.db, 'artist', { artistName: 'Halden Marr' });
    for (let i = 0; i < 4; i++) await insertTrack(t.db, artistId);
  });
  afterAll(async () => {
    await t.close();
  });

  const dealOf = async (alias: string): Promise<DealRow> => {
    const [row] = await t.db.query<DealRow>(
      `select user_id, track_id, first_served_at, ended_as, end_position_ms, listened_before_like_ms
       from deals where id = $1`,
      [alias],
    );
    if (!row) throw new Error(`no deal ${alias}`);
    return row;
  };

  /** Deals the next track to the client; resolves to its alias. */
  const deal = async (client: Client): Promise<string> => {
    const next = nextTrackResponseSchema.parse((await client.get('/api/player/next')).json());
    if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
    return next.track.id;
  };

  /** Deals and serves a track whose audio was first served `secondsAgo` before now. */
  const served = async (client: Client, secondsAgo: number): Promise<string> => {
    const alias = await deal(client);
    await hear(t, client, alias);
    await t.db.query(`update deals set first_served_at = now() - make_interval(secs => $2) where id = $1`, [
      alias,
      secondsAgo,
    ]);
    return alias;
  };

  it('clamps a skip position to the wall clock since the audio was first served', async () => {
    const listener = await signUp(t.app);
    const alias = await served(listener, 5);
    const skip = await listener.post(`/api/player/tracks/${alias}/dislike`, { positionMs: 50_000 });
    expect(skip.statusCode).toBe(200);
    const row = await dealOf(alias);
    expect(row.ended_as).toBe('skip');
    // Five seconds have passed on the server's clock, give or take the test's own run time.
    expect(row.end_position_ms).toBeGreaterThanOrEqual(5000);
    expect(row.end_position_ms).toBeLessThan(8000);
  });

  it('clamps a like position to the track length, and keeps a plausible one as reported', async () => {
    const listener = await signUp(t.app);
    const late = await served(listener, 600);
    const like = await listener.post(`/api/player/tracks/${late}/like`, { positionMs: 3_600_000 });
    expect(like.statusCode).toBe(200);
    expect(await dealOf(late)).toMatchObject({
      ended_as: 'like',
      end_position_ms: 60_000,
      listened_before_like_ms: 60_000,
    });

    const honest = await served(listener, 30);
    expect(
      (await listener.post(`/api/player/tracks/${honest}/dislike`, { positionMs: 12_345 })).statusCode,
    ).toBe(200);
    expect(await dealOf(honest)).toMatchObject({ ended_as: 'skip', end_position_ms: 12_345 });
  });

  it("keeps the server's bound when no position is reported, and a skip needs no body", async () => {
    const listener = await signUp(t.app);
    const alias = await served(listener, 20);
    const skip = await t.app.inject({
      method: 'POST',
      url: `/api/player/tracks/${alias}/dislike`,
      headers: { cookie: listener.cookie },
    });
    expect(skip.statusCode, skip.body).toBe(200);
    const row = await dealOf(alias);
    expect(row.end_position_ms).toBeGreaterThanOrEqual(20_000);
    expect(row.end_position_ms).toBeLessThan(23_000);
  });

  it('ends a like of audio never played (only preloaded) at 0, heard for 0 ms', async () => {
    const listener = await signUp(t.app);
    const alias = await deal(listener);
    const preload = await listener.post('/functions/v1/secure-track-access', {
      trackId: alias,
      purpose: 'preload',
    });
    expect(preload.statusCode).toBe(200);
    expect((await listener.post(`/api/player/tracks/${alias}/like`, { positionMs: 40_000 })).statusCode).toBe(
      200,
    );
    expect(await dealOf(alias)).toMatchObject({
      first_served_at: null,
      ended_as: 'like',
      end_position_ms: 0,
      listened_before_like_ms: 0,
    });
  });

  it("refuses a position for another listener's alias, like an unknown id, and changes nothing", async () => {
    const owner = await signUp(t.app);
    const stranger = await signUp(t.app);
    const alias = await served(owner, 30);
    for (const url of [
      `/api/player/tracks/${alias}/dislike`,
      `/api/player/tracks/${alias}/like`,
      `/api/player/tracks/${alias}/leave`,
      `/api/player/tracks/${crypto.randomUUID()}/leave`,
    ]) {
      const res = await stranger.post(url, { positionMs: 1000 });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await dealOf(alias)).toMatchObject({ ended_as: null, end_position_ms: null });
  });

  it('refuses a position that is not a whole, non-negative number of milliseconds', async () => {
    const listener = await signUp(t.app);
    const alias = await served(listener, 30);
    for (const positionMs of [-1, 1.5, '1000', null, DEAL_RULES.positionMaxMs + 1, 1e300]) {
      for (const action of ['dislike', 'like', 'leave']) {
        const res = await listener.post(`/api/player/tracks/${alias}/${action}`, { positionMs });
        expect(res.statusCode, `${action} ${String(positionMs)}`).toBe(400);
      }
    }
    // The leave beacon must say where the listener was.
    expect((await listener.post(`/api/player/tracks/${alias}/leave`, {})).statusCode).toBe(400);
    expect(await dealOf(alias)).toMatchObject({ ended_as: null, end_position_ms: null });
  });

  describe("'left': a served deal the listener never rated", () => {
    it('is recorded from the beacon at the reported position, clamped, and moves with a later one', async () => {
      const listener = await signUp(t.app);
      const alias = await served(listener, 10);
      const leave = await listener.post(`/api/player/tracks/${alias}/leave`, { positionMs: 7_000 });
      expect(leave.statusCode).toBe(204);
      expect(leave.body).toBe('');
      expect(await dealOf(alias)).toMatchObject({ ended_as: 'left', end_position_ms: 7_000 });

      // A reload resumes the same deal; a later beacon reports where it was left this time.
      await listener.post(`/api/player/tracks/${alias}/leave`, { positionMs: 999_999 });
      const row = await dealOf(alias);
      expect(row.ended_as).toBe('left');
      expect(row.end_position_ms).toBeGreaterThanOrEqual(10_000);
      expect(row.end_position_ms).toBeLessThan(13_000);
    });

    it('is replaced by a rating when the listener comes back to the deal', async () => {
      const listener = await signUp(t.app);
      const skipped = await served(listener, 10);
      await listener.post(`/api/player/tracks/${skipped}/leave`, { positionMs: 4_000 });
      expect(
        (await listener.post(`/api/player/tracks/${skipped}/dislike`, { positionMs: 9_000 })).statusCode,
      ).toBe(200);
      expect(await dealOf(skipped)).toMatchObject({ ended_as: 'skip', end_position_ms: 9_000 });

      const liked = await served(listener, 10);
      await listener.post(`/api/player/tracks/${liked}/leave`, { positionMs: 4_000 });
      expect(
        (await listener.post(`/api/player/tracks/${liked}/like`, { positionMs: 8_000 })).statusCode,
      ).toBe(200);
      expect(await dealOf(liked)).toMatchObject({ ended_as: 'like', end_position_ms: 8_000 });
    });

    it('never replaces a rating, and never ends a deal whose audio was not served', async () => {
      const listener = await signUp(t.app);
      const skipped = await served(listener, 10);
      await listener.post(`/api/player/tracks/${skipped}/dislike`, { positionMs: 3_000 });
      expect(
        (await listener.post(`/api/player/tracks/${skipped}/leave`, { positionMs: 9_000 })).statusCode,
      ).toBe(204);
      expect(await dealOf(skipped)).toMatchObject({ ended_as: 'skip', end_position_ms: 3_000 });

      // A prefetched deal never shown is no listening event at all.
      const prefetched = await deal(listener);
      expect(
        (await listener.post(`/api/player/tracks/${prefetched}/leave`, { positionMs: 0 })).statusCode,
      ).toBe(204);
      expect(await dealOf(prefetched)).toMatchObject({ ended_as: null, end_position_ms: null });
    });

    it('ends an unreported served deal at the server bound when the next deal is first served', async () => {
      const listener = await signUp(t.app);
      const abandoned = await served(listener, 15);
      // A prefetch, its preloaded URL and a playback URL do not end it: only hearing another
      // deal does, and the player plays the preloaded URL (decision 0244).
      const upcoming = await deal(listener);
      const preloaded = await grant(t, listener, upcoming, 'preload');
      await grant(t, listener, upcoming);
      expect((await dealOf(abandoned)).ended_as).toBeNull();

      await fetchAudio(t, preloaded);
      const row = await dealOf(abandoned);
      expect(row.ended_as).toBe('left');
      expect(row.end_position_ms).toBeGreaterThanOrEqual(15_000);
      expect(row.end_position_ms).toBeLessThan(18_000);
      // Serving the same deal again (a resumed URL) ends nothing more.
      await hear(t, listener, upcoming);
      expect((await dealOf(upcoming)).ended_as).toBeNull();
    });

    it("does not touch another listener's open deal", async () => {
      const one = await signUp(t.app);
      const other = await signUp(t.app);
      const theirs = await served(other, 15);
      await served(one, 5);
      await served(one, 1);
      expect((await dealOf(theirs)).ended_as).toBeNull();
    });
  });

  /**
   * Decision 0314: a deal is open for DEAL_RULES.openDays after it is dealt. Past that its alias
   * names nothing, whoever asks and however: so no rating or first serve is ever later than the
   * verdict's reach, and a script cannot keep old aliases to rate on another day.
   */
  describe('a deal that is no longer open', () => {
    /** Moves the deal's dealt_at back `days` (its grants follow, on update cascade). */
    const age = async (alias: string, days: number): Promise<void> => {
      await t.db.query(`update deals set dealt_at = dealt_at - make_interval(days => $2) where id = $1`, [
        alias,
        days,
      ]);
    };

    it('names nothing to a like, a skip, a leave, a note or a grant, and changes nothing', async () => {
      const listener = await signUp(t.app);
      const alias = await served(listener, 30);
      await age(alias, DEAL_RULES.openDays);
      for (const [url, body] of [
        [`/api/player/tracks/${alias}/like`, { positionMs: 20_000 }],
        [`/api/player/tracks/${alias}/dislike`, { positionMs: 20_000 }],
        [`/api/player/tracks/${alias}/leave`, { positionMs: 20_000 }],
        [`/api/player/tracks/${alias}/moment`, { positionMs: 20_000 }],
        ['/functions/v1/secure-track-access', { trackId: alias, purpose: 'playback' }],
      ] as const) {
        const res = await listener.post(url, body);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404);
      }
      expect(await dealOf(alias)).toMatchObject({ ended_as: null, end_position_ms: null });
      const [counts] = await t.db.query<{ likes: number; notes: number }>(
        `select (select count(*)::int from track_interactions i where i.user_id = d.user_id) as likes,
                (select count(*)::int from deal_notes n where n.deal_id = d.id) as notes
         from deals d where d.id = $1`,
        [alias],
      );
      expect(counts).toEqual({ likes: 0, notes: 0 });
    });

    /** A listener's deal whose audio was served, dealt a day before it closes. */
    const aDayBeforeItCloses = async () => {
      const listener = await signUp(t.app);
      const alias = await served(listener, 30);
      await age(alias, DEAL_RULES.openDays - 1);
      return { listener, alias };
    };

    it('is still open a day before it closes: it is skipped, and then its note is taken', async () => {
      const { listener, alias } = await aDayBeforeItCloses();
      const skip = await listener.post(`/api/player/tracks/${alias}/dislike`, { positionMs: 20_000 });
      expect(skip.statusCode, skip.body).toBe(200);
      expect((await dealOf(alias)).ended_as).toBe('skip');
      const note = await listener.post(`/api/player/tracks/${alias}/skip-reason`, { reason: 'not-my-style' });
      expect(note.statusCode, note.body).toBe(200);
    });

    it('is still liked a day before it closes, and revealed', async () => {
      const { listener, alias } = await aDayBeforeItCloses();
      const like = await listener.post(`/api/player/tracks/${alias}/like`, { positionMs: 20_000 });
      expect(like.statusCode, like.body).toBe(200);
      expect(revealSchema.parse(like.json()).track.artist).toBe('Halden Marr');
      expect((await dealOf(alias)).ended_as).toBe('like');
    });
  });
});
