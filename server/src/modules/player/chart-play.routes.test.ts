import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_MESSAGES,
  chartDealResponseSchema,
  chartResponseSchema,
  nextTrackResponseSchema,
  PLAYER_MESSAGES,
  revealSchema,
  wilsonLowerBound,
} from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { enqueueJob } from '../../jobs/runner';
import { grant, hear } from '../../test/listening';
import { runDueJobs } from '../../test/run-jobs';
import { createPlayerRepository } from './player.repository';

const DEEP = 'Minimal / Deep Tech';

/**
 * A masked chart row plays blind from the chart (issue 30, decision 0288), as a script would try
 * to use it: to learn a track's id before the like, to pump the deck's exposure or the verdict,
 * to link the chart's play to a Discover deal, or to play what it may not.
 */
describe('blind play from the chart', () => {
  let t: TestApp;
  let owner: Client;

  beforeAll(async () => {
    t = await createTestApp({ CHART_CACHE_MS: '0' });
    owner = await signUp(t.app, 'artist');
  });
  afterAll(async () => {
    await t.close();
  });

  const chartOf = async (client: Client) =>
    chartResponseSchema.parse(
      (await client.get(`/api/catalogue/charts?genre=${encodeURIComponent(DEEP)}`)).json(),
    );

  /** The place of one of the owner's tracks in the chart now (the owner sees their own revealed). */
  const placeOf = async (trackId: string): Promise<number> => {
    const entry = (await chartOf(owner)).entries.find((e) => e.track.isRevealed && e.track.id === trackId);
    if (!entry) throw new Error('the track is not in the chart');
    return entry.position;
  };

  const chartDeal = (client: Client, body: unknown, address?: string) =>
    client.post('/api/player/chart-deal', body, address);

  /** Plays the track at its place in the chart: the alias the listener names it by. */
  const playFromChart = async (client: Client, trackId: string): Promise<string> => {
    const response = await chartDeal(client, { genre: DEEP, position: await placeOf(trackId) });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(trackId);
    return chartDealResponseSchema.parse(response.json()).track.id;
  };

  const dealCount = async (trackId: string): Promise<number> => {
    const [row] = await t.db.query<{ deal_count: number }>(
      'select deal_count from deck_exposure where track_id = $1',
      [trackId],
    );
    return row?.deal_count ?? Number.NaN;
  };

  it('plays a row no longer featured by an alias alone, and its like reveals it in the chart', async () => {
    const trackId = await insertTrack(t.db, owner.id, { genre: DEEP, featured: false });
    const listener = await signUp(t.app);
    const place = await placeOf(trackId);
    const row = (await chartOf(listener)).entries.find((e) => e.position === place);
    expect(row?.track.isRevealed).toBe(false);

    const alias = await playFromChart(listener, trackId);
    expect(alias).not.toBe(trackId);
    const url = await hear(t, listener, alias);
    expect(url).not.toContain(trackId);
    const like = await listener.post(`/api/player/tracks/${alias}/like`, { addToLibrary: false });
    expect(like.statusCode).toBe(200);
    expect(revealSchema.parse(like.json()).track.id).toBe(trackId);

    const revealed = (await chartOf(listener)).entries.find((e) => e.position === place);
    expect(revealed?.track).toMatchObject({ isRevealed: true, id: trackId });
    // Played knowing the chart, the like is no evidence of the listener's taste either.
    expect((await createPlayerRepository(t.db).tasteEvidence(listener.id)).evidence).toEqual([]);
  });

  it("counts in neither the deck's exposure nor the verdict, and unlinks the listener's Discover deals of it", async () => {
    const trackId = await insertTrack(t.db, owner.id, { genre: DEEP });
    const listener = await signUp(t.app);
    // Trusted by the verdict: verified, and long enough ago.
    await t.db.query(
      `update accounts set email_verified_at = now(), created_at = now() - interval '30 days' where id = $1`,
      [listener.id],
    );
    const raters: string[] = [];
    for (let i = 0; i < 3; i++) raters.push(await insertAccount(t.db, 'listener'));
    await t.db.query(
      `update accounts set created_at = now() - interval '30 days' where id = any($1::uuid[])`,
      [raters],
    );
    const rate = (userId: string, kind: 'like' | 'skip') =>
      t.db.query(
        `insert into deals (user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms, listened_before_like_ms)
         values ($1, $2, now() - interval '2 days', now() - interval '2 days', $3, now() - interval '2 days' + interval '1 minute', 40000, 40000)`,
        [userId, trackId, kind],
      );
    for (const rater of raters) await rate(rater, 'like');
    await rate(listener.id, 'skip');
    const score = async () => {
      // The chart job, by its stored kind (the catalogue's), run now.
      await enqueueJob(t.db, 'catalogue.refresh-verdicts', { slot: new Date().toISOString() });
      await runDueJobs(t);
      const [row] = await t.db.query<{ verdict_score: number }>(
        'select verdict_score from tracks where id = $1',
        [trackId],
      );
      return row?.verdict_score;
    };
    // The listener's Discover skip counts, until they play the track from the chart.
    expect(await score()).toBeCloseTo(wilsonLowerBound(3, 4), 9);

    const exposure = await dealCount(trackId);
    const alias = await playFromChart(listener, trackId);
    expect(await dealCount(trackId)).toBe(exposure);
    await hear(t, listener, alias);
    expect(
      (await listener.post(`/api/player/tracks/${alias}/like`, { addToLibrary: false })).statusCode,
    ).toBe(200);

    expect(await score()).toBeCloseTo(wilsonLowerBound(3, 3), 9);
  });

  it('never deals a track played from the chart to that listener in Discover again', async () => {
    const played = await insertTrack(t.db, owner.id, { genre: DEEP });
    const other = await insertTrack(t.db, owner.id, { genre: DEEP });
    await t.db.query('update tracks set featured_in_player = false where id <> all($1::uuid[])', [
      [played, other],
    ]);
    const listener = await signUp(t.app);
    await playFromChart(listener, played);
    // Were the chart's play not remembered, the least exposed of the two would come next.
    for (let i = 0; i < 4; i++) {
      const next = nextTrackResponseSchema.parse((await listener.get('/api/player/next')).json());
      expect(next.state).toBe('track');
      const [deal] = await t.db.query<{ track_id: string }>('select track_id from deals where id = $1', [
        next.state === 'track' ? next.track.id : null,
      ]);
      expect(deal?.track_id).toBe(other);
    }
  });

  it("refuses a revealed row, a place past the chart's end, a genre with no chart, and bad input, naming nothing", async () => {
    const trackId = await insertTrack(t.db, owner.id, { genre: DEEP });
    const listener = await signUp(t.app);
    const alias = await playFromChart(listener, trackId);
    await hear(t, listener, alias);
    expect(
      (await listener.post(`/api/player/tracks/${alias}/like`, { addToLibrary: false })).statusCode,
    ).toBe(200);
    const place = await placeOf(trackId);
    const refusal = async (client: Client, body: unknown) => {
      const response = await chartDeal(client, body);
      expect(response.body).not.toContain(trackId);
      return {
        status: response.statusCode,
        message: response.json<{ error: { message: string } }>().error.message,
      };
    };
    const unavailable = { status: 404, message: PLAYER_MESSAGES.trackUnavailable };

    expect(await refusal(listener, { genre: DEEP, position: place })).toEqual(unavailable);
    // The artist's own row is revealed to them: nothing blind to play.
    expect(await refusal(owner, { genre: DEEP, position: place })).toEqual(unavailable);
    const length = (await chartOf(listener)).entries.length;
    expect(await refusal(listener, { genre: DEEP, position: length + 1 })).toEqual(unavailable);
    expect(await refusal(listener, { genre: 'Polka', position: 1 })).toEqual({
      status: 404,
      message: CATALOGUE_MESSAGES.genreNotCharted,
    });
    for (const position of [0, 1.5, '1', null])
      expect(await refusal(listener, { genre: DEEP, position })).toEqual({
        status: 400,
        message: PLAYER_MESSAGES.chartPositionInvalid,
      });
    const dealsBefore = await t.db.query('select 1 from deals where user_id = $1', [listener.id]);
    expect(dealsBefore).toHaveLength(1);

    const signedOut = await t.app.inject({
      method: 'POST',
      url: '/api/player/chart-deal',
      payload: { genre: DEEP, position: 1 },
    });
    expect(signedOut.statusCode).toBe(401);
  });

  it("gives another listener nothing by a chart play's alias", async () => {
    const trackId = await insertTrack(t.db, owner.id, { genre: DEEP, featured: false });
    const listener = await signUp(t.app);
    const alias = await playFromChart(listener, trackId);
    await hear(t, listener, alias);
    const stranger = await signUp(t.app);
    await expect(grant(t, stranger, alias)).rejects.toThrow(/grant refused/);
    const bodies = { like: { addToLibrary: false }, dislike: {}, leave: { positionMs: 0 } };
    for (const [action, body] of Object.entries(bodies))
      expect((await stranger.post(`/api/player/tracks/${alias}/${action}`, body)).statusCode).toBe(404);
  });
});
