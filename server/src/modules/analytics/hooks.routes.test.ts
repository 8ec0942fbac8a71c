import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOOKS,
  HOOKS_MESSAGES,
  SKIP_REASONS,
  TRACK_MESSAGES,
  trackHooksSchema,
  type ReadyTrackHooks,
  type SkipReason,
} from '@klang/domain';
import type { Queryable } from '../../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { signUp, type ApiBody, type Client } from '../../test/accounts-helpers';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { createHooksRepository } from './hooks.repository';
import { createHooksService, GENRE_MEDIAN_TTL_MS } from './hooks.service';

let t: TestApp;
let artist: Client;

beforeAll(async () => {
  t = await createTestApp();
  artist = await signUp(t.app, 'artist');
});

afterAll(async () => {
  await t.close();
});

const START = Date.parse('2026-11-01T12:00:00Z');
/** The tracks' upload, a week before their first hearing: no deal of a track is older. */
const UPLOADED = new Date(START - 7 * 86_400_000);

interface Hearing {
  userId: string;
  endedAs?: 'like' | 'skip' | 'left';
  positionMs?: number | null;
  beforeLikeMs?: number | null;
  /** Minutes after START at which the deal ended; deals are served a minute before. */
  minute: number;
  served?: boolean;
}

/** One deal as the player module writes it (decision 0130): served, then ended. */
async function deal(db: Queryable, trackId: string, h: Hearing): Promise<void> {
  const endedAt = new Date(START + h.minute * 60_000);
  const served = h.served ?? true;
  await db.query(
    `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      h.userId,
      trackId,
      new Date(endedAt.getTime() - 120_000),
      served ? new Date(endedAt.getTime() - 60_000) : null,
      h.endedAs ?? null,
      h.endedAs ? endedAt : null,
      h.positionMs ?? null,
      h.beforeLikeMs ?? null,
    ],
  );
}

/**
 * `n` listener accounts made `ageDays` before START: a month by default, old enough for the
 * verdict to trust their hearings (decision 0196); 0 makes the accounts a script opens at once.
 */
async function listeners(n: number, ageDays = 30): Promise<string[]> {
  const ids = await Promise.all(Array.from({ length: n }, () => insertAccount(t.db, 'listener')));
  await t.db.query('update accounts set created_at = $2 where id = any($1::uuid[])', [
    ids,
    new Date(START - ageDays * 86_400_000),
  ]);
  return ids;
}

async function hooksOf(client: Client, trackId: string) {
  return client.get(`/api/analytics/tracks/${trackId}/hooks`);
}

async function readyHooks(trackId: string): Promise<ReadyTrackHooks> {
  const response = await hooksOf(artist, trackId);
  expect(response.statusCode).toBe(200);
  const body = trackHooksSchema.parse(response.json());
  if (body.status !== 'ready') throw new Error(`expected ready hooks, got ${body.status}`);
  return body;
}

/**
 * Five listeners on a one-minute track (curve steps of 3 s): two likes, two skips and a left, one
 * repeat skip without a position of an early listener, and what must not count: an unserved
 * deal, a served one still playing, and a sixth listener after the snapshot.
 */
async function fixtureTrack(genre = 'Techno'): Promise<{ trackId: string; users: string[] }> {
  const trackId = await insertTrack(t.db, artist.id, { uploadedAt: UPLOADED, title: 'Hook Study', genre });
  const users = await listeners(7);
  const [a, b, c, d, e, f, g] = users as [string, string, string, string, string, string, string];
  await deal(t.db, trackId, {
    userId: a,
    endedAs: 'like',
    positionMs: 30_000,
    beforeLikeMs: 12_400,
    minute: 1,
  });
  await deal(t.db, trackId, { userId: b, endedAs: 'skip', positionMs: 3_000, minute: 2 });
  await deal(t.db, trackId, { userId: c, endedAs: 'skip', positionMs: 15_000, minute: 3 });
  await deal(t.db, trackId, { userId: b, endedAs: 'skip', positionMs: null, minute: 4 });
  await deal(t.db, trackId, { userId: d, endedAs: 'left', positionMs: 45_000, minute: 5 });
  await deal(t.db, trackId, { userId: f, minute: 5.5, served: false });
  await deal(t.db, trackId, { userId: g, minute: 5.7 });
  await deal(t.db, trackId, {
    userId: e,
    endedAs: 'like',
    positionMs: 50_000,
    beforeLikeMs: 40_900,
    minute: 6,
  });
  await deal(t.db, trackId, {
    userId: f,
    endedAs: 'like',
    positionMs: 59_000,
    beforeLikeMs: 2_000,
    minute: 7,
  });
  return { trackId, users };
}

describe('GET /api/analytics/tracks/:trackId/hooks', () => {
  it('answers the aggregates of the first five listeners exactly', async () => {
    const { trackId } = await fixtureTrack();
    const hooks = await readyHooks(trackId);
    expect(hooks).toMatchObject({
      trackId,
      title: 'Hook Study',
      genre: 'Techno',
      durationMs: 60_000,
      listeners: 5,
      deals: 6,
      likes: 2,
      skips: 3,
      left: 1,
      likeRate: 2 / 5,
      genreMedianLikeRate: null,
    });
    expect(hooks.skipCurve.positioned).toBe(5);
    expect(hooks.skipCurve.withoutPosition).toBe(1);
    const shares = hooks.skipCurve.points.map((p) => p.share);
    // Steps 0 and 1 (3 s): everyone; 6–15 s: the skip at 3 s has gone; up to 45 s the skip at
    // 15 s too; after 45 s only the two likes remain (a like never drops off).
    expect(shares).toEqual([
      1,
      1,
      0.8,
      0.8,
      0.8,
      0.8,
      ...Array<number>(10).fill(0.6),
      ...Array<number>(5).fill(0.4),
    ]);
    expect(hooks.skipCurve.points.map((p) => p.positionMs)).toEqual(
      Array.from({ length: HOOKS.curveSteps + 1 }, (_, i) => i * 3_000),
    );
    // Two likers are no distribution: the histogram waits for five.
    expect(hooks.secondsToLike).toEqual({ timedLikes: 2, medianSeconds: null, bins: [] });
  });

  it('draws the seconds-to-like histogram over five likers, and the curve over five positions', async () => {
    const trackId = await insertTrack(t.db, artist.id, {
      uploadedAt: UPLOADED,
      title: 'Five Likes',
      genre: 'Dubstep',
    });
    const seconds = [2_000, 7_500, 12_400, 40_900, 130_000];
    for (const [i, userId] of (await listeners(5)).entries()) {
      // Only four report a position: the curve is left out, the histogram is not.
      const positionMs = i < 4 ? 10_000 : null;
      await deal(t.db, trackId, { userId, endedAs: 'like', positionMs, beforeLikeMs: seconds[i], minute: i });
    }
    const hooks = await readyHooks(trackId);
    expect(hooks.skipCurve).toEqual({ positioned: 4, withoutPosition: 1, points: [] });
    expect(hooks.secondsToLike.timedLikes).toBe(5);
    expect(hooks.secondsToLike.medianSeconds).toBe(12);
    const likesPerBin = Object.fromEntries(hooks.secondsToLike.bins.map((b) => [b.fromSeconds, b.likes]));
    expect(likesPerBin).toEqual({ 0: 1, 5: 1, 10: 1, 15: 0, 20: 0, 30: 1, 45: 0, 60: 0, 90: 0, 120: 1 });
    expect(hooks.secondsToLike.bins.at(-1)?.toSeconds).toBeNull();
  });

  it('says "not enough listeners yet" below five listeners, with no number about them', async () => {
    const trackId = await insertTrack(t.db, artist.id, { uploadedAt: UPLOADED, title: 'Quiet One' });
    // Four listeners, and the artist's own hearing, which is no one's verdict.
    const users = [...(await listeners(4)), artist.id];
    for (const [i, userId] of users.entries()) {
      await deal(t.db, trackId, { userId, endedAs: 'skip', positionMs: 1_000 * i, minute: i });
      await deal(t.db, trackId, {
        userId,
        endedAs: 'like',
        positionMs: 9_000,
        beforeLikeMs: 9_000,
        minute: 10 + i,
      });
    }
    const response = await hooksOf(artist, trackId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'not_enough_listeners',
      trackId,
      title: 'Quiet One',
      minListeners: HOOKS.minListeners,
      message: HOOKS_MESSAGES.notEnoughListeners,
    });
  });

  it('counts only listeners the verdict trusts toward the floor: four new accounts fill nothing', async () => {
    const trackId = await insertTrack(t.db, artist.id, { uploadedAt: UPLOADED, title: 'Sockpuppet Target' });
    const [real, temporary, unverified] = await listeners(3);
    const fakes = await listeners(4, 0);
    await t.db.query('update accounts set is_temporary = true, created_for_checkout = true where id = $1', [
      temporary,
    ]);
    // An address never confirmed weighs nothing in the verdict (decision 0255), nor here.
    await t.db.query('update accounts set email_verified_at = null where id = $1', [unverified]);
    for (const [i, userId] of [...fakes, temporary ?? '', unverified ?? '', real ?? ''].entries()) {
      await deal(t.db, trackId, { userId, endedAs: 'skip', positionMs: 4_000 + 1_000 * i, minute: i });
    }
    const below = trackHooksSchema.parse((await hooksOf(artist, trackId)).json());
    expect(below.status).toBe('not_enough_listeners');

    // Three more listeners the verdict trusts make four, not five: the unverified one is not among them.
    const trusted = await listeners(4);
    for (const [i, userId] of trusted.slice(0, 3).entries()) {
      await deal(t.db, trackId, { userId, endedAs: 'skip', positionMs: 30_000, minute: 20 + i });
    }
    const four = trackHooksSchema.parse((await hooksOf(artist, trackId)).json());
    expect(four.status).toBe('not_enough_listeners');
    // The fourth makes five: the fakes', the temporary one's and the unverified one's are not among them.
    await deal(t.db, trackId, { userId: trusted[3] ?? '', endedAs: 'skip', positionMs: 30_000, minute: 23 });
    const ready = await readyHooks(trackId);
    expect(ready.listeners).toBe(5);
  });

  it('fills the floor with new accounts only where the operator trusts any age (VERDICT_ACCOUNT_MIN_AGE_HOURS=0)', async () => {
    const trackId = await insertTrack(t.db, artist.id, { uploadedAt: UPLOADED, title: 'Minutes Old' });
    for (const [i, userId] of (await listeners(5, 0)).entries()) {
      await deal(t.db, trackId, { userId, endedAs: 'skip', positionMs: 9_000, minute: 10 + i });
    }
    const byDefault = createHooksService({ repository: createHooksRepository(t.db) });
    expect((await byDefault.trackHooks(artist.id, trackId)).status).toBe('not_enough_listeners');
    const anyAge = createHooksService({ repository: createHooksRepository(t.db, { accountMinAgeMs: 0 }) });
    expect(await anyAge.trackHooks(artist.id, trackId)).toMatchObject({ status: 'ready', listeners: 5 });
  });

  it("reads a track's deals from a day before its upload, the months it has lived (decision 0312)", async () => {
    const trackId = await insertTrack(t.db, artist.id, {
      uploadedAt: new Date(START),
      title: 'New This Week',
    });
    const [early, ...rest] = await listeners(5);
    // A deck transaction that began before the upload committed: inside the day's margin.
    await deal(t.db, trackId, { userId: early ?? '', endedAs: 'like', positionMs: 9_000, minute: -60 });
    for (const [i, userId] of rest.entries())
      await deal(t.db, trackId, { userId, endedAs: 'skip', positionMs: 9_000, minute: 10 + i });
    expect(await readyHooks(trackId)).toMatchObject({ listeners: 5, likes: 1, skips: 4 });
    // Deals no deck can write, two days before the track existed, are outside what the read opens.
    for (const [i, userId] of (await listeners(5)).entries())
      await deal(t.db, trackId, { userId, endedAs: 'like', positionMs: 9_000, minute: -2 * 1440 - i });
    // Nor are the Blind Notes on such deals.
    for (const [i, userId] of (await listeners(5)).entries())
      await note(trackId, { userId, reason: 'intro-too-long', minute: -3 * 1440 - i });
    expect(await readyHooks(trackId)).toMatchObject({ listeners: 5, likes: 1, skips: 4, blindNotes: null });
  });

  it('moves only in steps of five new listeners, so two reads never differ by one listener', async () => {
    const { trackId } = await fixtureTrack('House / Tech House');
    const before = await readyHooks(trackId);
    // Listeners six to nine: each alone would be visible as a difference; none is.
    for (const [i, userId] of (await listeners(3)).entries()) {
      await deal(t.db, trackId, { userId, endedAs: 'skip', positionMs: 500, minute: 20 + i });
      expect(await readyHooks(trackId)).toEqual(before);
    }
    // The tenth brings the next step: the aggregates then cover ten listeners at once.
    const [tenth] = await listeners(1);
    await deal(t.db, trackId, {
      userId: tenth ?? '',
      endedAs: 'like',
      positionMs: 20_000,
      beforeLikeMs: 20_000,
      minute: 30,
    });
    const after = await readyHooks(trackId);
    expect(after.listeners).toBe(10);
    expect(after).toMatchObject({ likes: 4, skips: 6, left: 1, deals: 11 });
    expect(after.skipCurve).not.toEqual(before.skipCurve);
  });

  it('compares with the median like rate of the genre once three tracks have five listeners', async () => {
    const genre = 'Drum n Bass';
    const other = await signUp(t.app, 'artist');
    const rated = async (artistId: string, likes: number, skips: number) => {
      const trackId = await insertTrack(t.db, artistId, { uploadedAt: UPLOADED, genre });
      for (const [i, userId] of (await listeners(likes + skips)).entries()) {
        const endedAs = i < likes ? 'like' : 'skip';
        await deal(t.db, trackId, { userId, endedAs, positionMs: 5_000, beforeLikeMs: 5_000, minute: i });
      }
      return trackId;
    };
    const own = await rated(artist.id, 1, 4); // 0.2
    await rated(other.id, 3, 2); // 0.6
    await rated(other.id, 2, 2); // four listeners: does not count
    expect(await readyHooks(own)).toMatchObject({ likeRate: 0.2, genreMedianLikeRate: null });
    await rated(other.id, 4, 1); // 0.8
    let clock = START;
    const fresh = createHooksService({ repository: createHooksRepository(t.db), now: () => clock });
    expect(await fresh.trackHooks(artist.id, own)).toMatchObject({ genreMedianLikeRate: 0.6 });
    // The median is reused for ten minutes, then read again.
    await rated(other.id, 5, 0); // 1.0: the median of 0.2, 0.6, 0.8, 1.0 is 0.7
    expect(await fresh.trackHooks(artist.id, own)).toMatchObject({ genreMedianLikeRate: 0.6 });
    clock += GENRE_MEDIAN_TTL_MS;
    const later = await fresh.trackHooks(artist.id, own);
    expect(later.status === 'ready' && later.genreMedianLikeRate).toBeCloseTo(0.7, 10);
  });

  it("refuses another artist's track, a deleted one, a listener and a visitor", async () => {
    const other = await signUp(t.app, 'artist');
    const theirs = await insertTrack(t.db, other.id, { uploadedAt: UPLOADED });
    const deleted = await insertTrack(t.db, artist.id, { uploadedAt: UPLOADED, deleted: true });
    for (const trackId of [theirs, deleted]) {
      for (const url of [
        `/api/analytics/tracks/${trackId}/hooks`,
        `/api/analytics/tracks/${trackId}/hooks.csv`,
      ]) {
        const response = await artist.get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json<ApiBody>().error.message).toBe(TRACK_MESSAGES.notOwned);
      }
    }
    const listener = await signUp(t.app, 'listener');
    const own = await insertTrack(t.db, artist.id, { uploadedAt: UPLOADED });
    const forbidden = await hooksOf(listener, own);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<ApiBody>().error.message).toBe(TRACK_MESSAGES.artistsOnly);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/analytics/tracks/${own}/hooks` });
    expect(visitor.statusCode).toBe(401);
    expect((await artist.get('/api/analytics/tracks/not-a-uuid/hooks')).statusCode).toBe(400);
  });

  it('is never cached and is listed in the OpenAPI document', async () => {
    const { trackId } = await fixtureTrack('UK Garage');
    expect((await hooksOf(artist, trackId)).headers['cache-control']).toBe('no-store');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(doc.paths['/api/analytics/tracks/{trackId}/hooks']).toBeDefined();
    expect(doc.paths['/api/analytics/tracks/{trackId}/hooks.csv']).toBeDefined();
  });
});

interface Note {
  userId: string;
  reason?: SkipReason;
  momentMs?: number;
  /** Minutes after START at which the note was given (its skipped deal ended a minute before). */
  minute: number;
  origin?: 'discover' | 'charts';
}

/** A Blind Note (decision 0302) on a served, skipped deal of its own, as the player writes them. */
async function note(trackId: string, n: Note): Promise<void> {
  const at = new Date(START + n.minute * 60_000);
  const [row] = await t.db.query<{ id: string }>(
    `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, origin)
     values ($1, $2, $3, $3, 'skip', $4, 10000, $5) returning id`,
    [
      n.userId,
      trackId,
      new Date(at.getTime() - 120_000),
      new Date(at.getTime() - 60_000),
      n.origin ?? 'discover',
    ],
  );
  await t.db.query(
    `insert into deal_notes (deal_id, deal_dealt_at, track_id, kind, reason, position_ms, created_at)
     values ($1, $6, $7, $2, $3, $4, $5)`,
    [
      row?.id,
      n.reason ? 'reason' : 'moment',
      n.reason ?? null,
      n.reason ? null : (n.momentMs ?? 0),
      at,
      new Date(at.getTime() - 120_000),
      trackId,
    ],
  );
}

describe('Blind Notes in hook analytics', () => {
  const reasonsOf = (hooks: ReadyTrackHooks) =>
    Object.fromEntries((hooks.blindNotes?.reasons ?? []).map((r) => [r.reason, r.notes]));
  const momentsOf = (hooks: ReadyTrackHooks) =>
    Object.fromEntries(
      (hooks.blindNotes?.moments ?? []).filter((m) => m.notes > 0).map((m) => [m.positionMs, m.notes]),
    );

  it('shows reasons and moments once five listeners the verdict trusts gave notes, and not before', async () => {
    const { trackId } = await fixtureTrack('Minimal / Deep Tech');
    const [a, b, c, d, e] = (await listeners(5)) as [string, string, string, string, string];
    const [young] = await listeners(1, 0);
    await note(trackId, { userId: a, reason: 'intro-too-long', minute: 20 });
    await note(trackId, { userId: a, momentMs: 31_400, minute: 21 });
    await note(trackId, { userId: b, reason: 'intro-too-long', minute: 22 });
    await note(trackId, { userId: c, reason: 'vocals', minute: 23 });
    await note(trackId, { userId: d, momentMs: 29_000, minute: 24 });
    // What fills no floor: the artist's own note, a new account's, a note on a chart's play.
    await note(trackId, { userId: artist.id, reason: 'too-fast', minute: 25 });
    await note(trackId, { userId: young ?? '', reason: 'too-fast', minute: 26 });
    await note(trackId, { userId: e, reason: 'too-fast', minute: 27, origin: 'charts' });
    const four = await readyHooks(trackId);
    expect(four.blindNotes).toBeNull();

    await note(trackId, { userId: e, momentMs: 59_000, minute: 28 });
    const five = await readyHooks(trackId);
    expect(five.blindNotes?.listeners).toBe(5);
    expect(five.blindNotes?.reasons.map((r) => r.reason)).toEqual([...SKIP_REASONS]);
    expect(reasonsOf(five)).toEqual({
      'intro-too-long': 2,
      'not-my-style': 0,
      'mix-or-sound': 0,
      vocals: 1,
      'too-slow': 0,
      'too-fast': 0,
    });
    // The track's own waveform comes along, for the moment map to be drawn over.
    expect(five.waveform).toEqual([]);
    await t.db.query(`update tracks set peaks = '[0.1, 0.5, 1]'::jsonb where id = $1`, [trackId]);
    expect((await readyHooks(trackId)).waveform).toEqual([0.1, 0.5, 1]);
    // On the skip curve's grid of a one-minute track (3 s steps), each moment at its nearest point.
    expect(five.blindNotes?.moments).toHaveLength(HOOKS.curveSteps + 1);
    expect(momentsOf(five)).toEqual({ 30_000: 2, 60_000: 1 });
  });

  it('moves only in steps of five new note-giving listeners', async () => {
    const { trackId } = await fixtureTrack('Dubstep');
    const first = await listeners(5);
    for (const [i, userId] of first.entries())
      await note(trackId, { userId, reason: 'too-slow', minute: 20 + i });
    const before = await readyHooks(trackId);
    expect(reasonsOf(before)['too-slow']).toBe(5);
    // A counted listener's later note and listeners six to nine: none shows on its own.
    await note(trackId, { userId: first[0] ?? '', reason: 'mix-or-sound', minute: 30 });
    for (const [i, userId] of (await listeners(4)).entries()) {
      await note(trackId, { userId, reason: 'vocals', minute: 31 + i });
      // (Their skipped deals are hearings too, which move the hearing figures in their own steps.)
      expect((await readyHooks(trackId)).blindNotes).toEqual(before.blindNotes);
    }
    const [tenth] = await listeners(1);
    await note(trackId, { userId: tenth ?? '', momentMs: 3_000, minute: 40 });
    const after = await readyHooks(trackId);
    expect(after.blindNotes?.listeners).toBe(10);
    expect(reasonsOf(after)).toMatchObject({ 'too-slow': 5, 'mix-or-sound': 1, vocals: 4 });
    expect(momentsOf(after)).toEqual({ 3_000: 1 });
  });

  it('exports the notes in the CSV, and below the floor only that there are none to show', async () => {
    const { trackId } = await fixtureTrack('Drum n Bass');
    const quiet = await artist.get(`/api/analytics/tracks/${trackId}/hooks.csv`);
    expect(quiet.body).toContain('blind_notes,listeners,\r\n');
    expect(quiet.body).not.toContain('reason_');
    for (const [i, userId] of (await listeners(5)).entries()) {
      await note(trackId, { userId, reason: i < 3 ? 'not-my-style' : 'too-fast', minute: 20 + i });
    }
    const body = (await artist.get(`/api/analytics/tracks/${trackId}/hooks.csv`)).body;
    expect(body).toContain('blind_notes,listeners,5\r\n');
    expect(body).toContain('blind_notes,reason_not-my-style,3\r\n');
    expect(body).toContain('blind_notes,reason_too-fast,2\r\n');
    expect(body).toContain('blind_notes,moments_at_0ms,0\r\n');
  });
});

describe('GET /api/analytics/tracks/:trackId/hooks.csv', () => {
  it('downloads the same aggregates, quoted and safe to open in a spreadsheet', async () => {
    const { trackId } = await fixtureTrack('EDM');
    const title = '=HYPERLINK("x"), Tür\nzwei';
    await t.db.query('update tracks set title = $1 where id = $2', [title, trackId]);
    const response = await artist.get(`/api/analytics/tracks/${trackId}/hooks.csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="=HYPERLINK(_x_), T_r zwei hooks.csv"; filename*=UTF-8''%3DHYPERLINK%28%22x%22%29%2C%20T%C3%BCr%20zwei%20hooks.csv`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('section,measure,value');
    // Quotes doubled, the comma and line break kept inside one quoted field, the formula defused.
    expect(lines[1]).toBe(`track,title,"'=HYPERLINK(""x""), Tür\nzwei"`);
    const hooks = await readyHooks(trackId);
    expect(response.body).toContain(`summary,listeners,${String(hooks.listeners)}\r\n`);
    expect(response.body).toContain('summary,like_rate,0.4000\r\n');
    expect(response.body).toContain('skip_curve,still_listening_at_6000ms,0.8000\r\n');
    expect(response.body).toContain('skip_curve,deals_without_position,1\r\n');
    // The histogram is held back below five likers, in the CSV as in the JSON.
    expect(response.body).toContain('seconds_to_like,timed_likes,2\r\nseconds_to_like,median_seconds,\r\n');
    expect(response.body).not.toContain('likes_');
  });

  it('below the floor carries the state and no listener number', async () => {
    const trackId = await insertTrack(t.db, artist.id, { uploadedAt: UPLOADED, title: 'Fresh' });
    const response = await artist.get(`/api/analytics/tracks/${trackId}/hooks.csv`);
    expect(response.body).toBe(
      'section,measure,value\r\ntrack,title,Fresh\r\ntrack,status,not_enough_listeners\r\ntrack,min_listeners,5\r\n',
    );
  });
});
