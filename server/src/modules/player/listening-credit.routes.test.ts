import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dislikeResponseSchema,
  loyaltyCardSchema,
  nextTrackResponseSchema,
  POINTS,
  revealSchema,
} from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { fetchAudio, grant, hear } from '../../test/listening';
import { createJobRunner } from '../../jobs/runner';
import { CREDIT_LISTENING_JOB } from './player.jobs';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/**
 * Listening is credited only for listening the server saw (issue 27, decisions 0244 to 0246),
 * as a script would try to bend it: grants never fetched, credits asked early, twice, in
 * parallel, beyond a track's end, on another listener's grant or an old one, and Discover
 * listening credited once whichever way it is claimed. The listening clock is the test's.
 */
describe('listening credit', () => {
  let t: TestApp;
  let artistId: string;
  let clock = new Date();
  /** Moves the listening clock to `ms` after the start of the test that calls it. */
  let at: (ms: number) => void;

  beforeAll(async () => {
    t = await createTestApp({}, { listeningClock: () => clock });
    artistId = await insertAccount(t.db, 'artist', { artistName: 'Halden Marr' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A new listener, the clock back at a start of its own, and tracks of `minutes` each. */
  async function setUp(tracks: number, minutes = 10): Promise<{ listener: Client; aliases: string[] }> {
    const start = Date.now() + 24 * 60 * MINUTE * Math.random();
    clock = new Date(start);
    at = (ms) => {
      clock = new Date(start + ms);
    };
    const listener = await signUp(t.app);
    const aliases: string[] = [];
    for (let i = 0; i < tracks; i++) {
      const trackId = await insertTrack(t.db, artistId);
      await t.db.query('update tracks set duration_ms = $2 where id = $1', [trackId, minutes * MINUTE]);
      aliases.push(await dealTo(listener, trackId));
    }
    return { listener, aliases };
  }

  /** Deals `trackId` to the listener through the deck, which deals the least-exposed first. */
  async function dealTo(listener: Client, trackId: string): Promise<string> {
    for (;;) {
      const next = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
      if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
      const [deal] = await t.db.query<{ track_id: string }>('select track_id from deals where id = $1', [
        next.track.id,
      ]);
      if (deal?.track_id === trackId) return next.track.id;
    }
  }

  const credit = async (listener: Client, minutes: number): Promise<number> => {
    const response = await listener.post('/functions/v1/secure-listening-xp', { minutes_listened: minutes });
    expect(response.statusCode).toBe(200);
    return response.json<{ minutes_awarded: number }>().minutes_awarded;
  };
  const card = async (listener: Client) =>
    loyaltyCardSchema.parse((await listener.get('/api/loyalty')).json());

  it('credits nothing for grants whose audio was never fetched, however long ago', async () => {
    const { listener, aliases } = await setUp(2);
    await grant(t, listener, aliases[0] ?? '', 'preload');
    await grant(t, listener, aliases[1] ?? '');
    at(3 * MINUTE);
    expect(await credit(listener, 60)).toBe(0);
    expect(await card(listener)).toMatchObject({ points: 0, listeningMinutes: 0 });
  });

  it('credits from the first served byte, at most the minutes since, and never twice', async () => {
    const { listener, aliases } = await setUp(1);
    const url = await grant(t, listener, aliases[0] ?? '', 'preload');
    at(2 * MINUTE);
    await fetchAudio(t, url);
    at(5 * MINUTE + 30 * SECOND);
    expect(await credit(listener, 60)).toBe(3);
    expect(await credit(listener, 60)).toBe(0);
    // The half minute left over is owed, not lost: with another half it makes a minute.
    at(5 * MINUTE + 50 * SECOND);
    expect(await credit(listener, 60)).toBe(0);
    at(6 * MINUTE);
    expect(await credit(listener, 60)).toBe(1);
    expect(await credit(listener, 60)).toBe(0);
    expect(await card(listener)).toMatchObject({
      points: 4 * POINTS.listeningMinute,
      listeningMinutes: 4,
    });
  });

  it('counts two grants served at once as the wall clock, once', async () => {
    const { listener, aliases } = await setUp(2);
    // Two liked tracks played by public id (the library, in two tabs): no deal ends them.
    const publicIds: string[] = [];
    for (const alias of aliases) {
      await hear(t, listener, alias);
      const like = await listener.post(`/api/player/tracks/${alias}/like`, { addToLibrary: true });
      publicIds.push(revealSchema.parse(like.json()).track.id);
    }
    for (const id of publicIds) await hear(t, listener, id);
    at(2 * MINUTE);
    expect(await credit(listener, 60)).toBe(2);
    // A request for less takes the earliest minutes, and the rest stays owed.
    at(5 * MINUTE);
    expect(await credit(listener, 1)).toBe(1);
    expect(await credit(listener, 60)).toBe(2);
    expect(await credit(listener, 60)).toBe(0);
  });

  it("caps a grant at its track's length, and at its deal's end", async () => {
    const { listener, aliases } = await setUp(2, 2);
    await hear(t, listener, aliases[0] ?? '');
    at(10 * MINUTE);
    expect(await credit(listener, 60)).toBe(2);
    // A skipped deal is not heard on: its grant ends with it.
    await hear(t, listener, aliases[1] ?? '');
    at(11 * MINUTE);
    expect((await listener.post(`/api/player/tracks/${aliases[1] ?? ''}/dislike`, {})).statusCode).toBe(200);
    at(20 * MINUTE);
    // By then the skip's minute has been credited: the skipped deal's minute, not the track's two.
    await runDueCredits();
    expect(await card(listener)).toMatchObject({ listeningMinutes: 3 });
    expect(await credit(listener, 60)).toBe(0);
  });

  it("credits nothing for another listener's grant, even fetched, nor for a grant heard over an hour ago", async () => {
    const { listener, aliases } = await setUp(1);
    const stranger = await signUp(t.app);
    await hear(t, listener, aliases[0] ?? '');
    at(5 * MINUTE);
    expect(await credit(stranger, 60)).toBe(0);
    // The URL is a bearer credential, but what it serves is its own listener's listening.
    const theirs = await grant(t, listener, aliases[0] ?? '');
    await fetchAudio(t, theirs);
    expect(await credit(stranger, 60)).toBe(0);
    // Ten minutes of audio from five minutes on; an hour after they ended, nothing is owed.
    at(76 * MINUTE);
    expect(await credit(listener, 60)).toBe(0);
  });

  it('looks back one hour at most', async () => {
    const { listener, aliases } = await setUp(1, 120);
    await hear(t, listener, aliases[0] ?? '');
    at(100 * MINUTE);
    expect(await credit(listener, 60)).toBe(60);
    expect(await credit(listener, 60)).toBe(0);
  });

  it('gives a like or a skip of audio never served no points, though the like stands', async () => {
    const { listener, aliases } = await setUp(2);
    await grant(t, listener, aliases[0] ?? '');
    await grant(t, listener, aliases[1] ?? '', 'preload');
    at(MINUTE);
    const like = await listener.post(`/api/player/tracks/${aliases[0] ?? ''}/like`, { addToLibrary: false });
    expect(like.statusCode).toBe(200);
    expect(revealSchema.parse(like.json()).pointsAwarded).toBe(0);
    const skip = await listener.post(`/api/player/tracks/${aliases[1] ?? ''}/dislike`, {});
    expect(dislikeResponseSchema.parse(skip.json()).pointsAwarded).toBe(0);
    expect(await card(listener)).toMatchObject({ points: 0, likes: 0, swipes: 0 });
  });

  /**
   * Runs the listening credits whose minute is over by the listening clock, as the queue would:
   * the queue compares run times with the database's clock, the test's clock is its own.
   */
  async function runDueCredits(): Promise<void> {
    await t.db.query(
      `update jobs set run_at = now() where kind = $1 and status = 'queued' and run_at <= $2`,
      [CREDIT_LISTENING_JOB, clock],
    );
    const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds });
    while (await runner.runOnce());
  }

  it('credits a Discover deal once its minute is over, in whole seconds, and secure-listening-xp cannot again', async () => {
    const { listener, aliases } = await setUp(3);
    const [skipped = '', liked = '', left = ''] = aliases;
    await hear(t, listener, skipped);
    at(90 * SECOND + 400);
    const skip = await listener.post(`/api/player/tracks/${skipped}/dislike`, { positionMs: 100_000 });
    // The skip answers its own point; its listening waits for the minute's credit, off its path.
    expect(dislikeResponseSchema.parse(skip.json()).pointsAwarded).toBe(POINTS.swipe);
    await runDueCredits();
    expect(await card(listener)).toMatchObject({ points: POINTS.swipe });
    at(3 * MINUTE);
    await runDueCredits();
    expect(await card(listener)).toMatchObject({ points: POINTS.swipe + 90 });
    expect(await credit(listener, 60)).toBe(0);

    await hear(t, listener, liked);
    at(3 * MINUTE + 45 * SECOND);
    // The like reports where the listener was; less than the server saw is their own loss.
    const like = await listener.post(`/api/player/tracks/${liked}/like`, {
      addToLibrary: false,
      positionMs: 40_000,
    });
    expect(revealSchema.parse(like.json()).pointsAwarded).toBe(POINTS.swipe + POINTS.like);
    at(5 * MINUTE);
    await runDueCredits();
    expect(await card(listener)).toMatchObject({
      points: 2 * POINTS.swipe + POINTS.like + 130,
      listeningMinutes: 2,
    });

    // A leave is a deal's end too; repeating it asks for one credit, which credits it once.
    await hear(t, listener, left);
    at(6 * MINUTE);
    for (let i = 0; i < 2; i++) {
      const leave = await listener.post(`/api/player/tracks/${left}/leave`, { positionMs: 59_000 });
      expect(leave.statusCode).toBe(204);
    }
    const [queued] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from jobs where kind = $1 and status = 'queued' and payload->>'userId' = $2`,
      [CREDIT_LISTENING_JOB, listener.id],
    );
    expect(queued?.n).toBe(1);
    at(8 * MINUTE);
    await runDueCredits();
    expect(await card(listener)).toMatchObject({ points: 2 * POINTS.swipe + POINTS.like + 189 });
    expect(await credit(listener, 60)).toBe(0);
  });
});
