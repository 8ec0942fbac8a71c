import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@klang/domain';
import { signUp } from './accounts-helpers';
import { createTestApp, type TestApp } from './app';
import { dealTrack, insertAccount, insertTrack } from './catalogue-fixtures';

/**
 * Decision 0240: when an area removes what another area's rows hang on, the owner forgets its
 * own rows through its seam, in the remover's transaction. These prove the app is wired so:
 * a deleted track leaves no player or chart rows, a deleted account no counters and no deals.
 */
describe('removals across areas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A listener's like, grant and deal of the track, and the track on a chart. */
  async function listenedTo(trackId: string, listener: string): Promise<void> {
    await dealTrack(t.db, listener, trackId);
    await t.db.query(
      `insert into track_interactions (user_id, track_id, interaction_type) values ($1, $2, 'like')`,
      [listener, trackId],
    );
    await t.db.query('update tracks set likes = likes + 1 where id = $1', [trackId]);
    await t.db.query(
      `insert into playback_grants (user_id, track_id, expires_at) values ($1, $2, now() + interval '1 hour')`,
      [listener, trackId],
    );
  }

  async function rowsOf(trackId: string) {
    const count = async (table: string) =>
      (await t.db.query(`select 1 from ${table} where track_id = $1`, [trackId])).length;
    return {
      interactions: await count('track_interactions'),
      grants: await count('playback_grants'),
      deals: await count('deals'),
      chart: await count('chart_positions'),
    };
  }

  it("forgets a deleted track's player and chart rows, and only that track's", async () => {
    const artist = await signUp(t.app, 'artist');
    const listener = await insertAccount(t.db, 'listener');
    const deleted = await insertTrack(t.db, artist.id);
    const kept = await insertTrack(t.db, artist.id);
    for (const [position, track] of [deleted, kept].entries()) {
      await listenedTo(track, listener);
      await t.db.query(
        `insert into chart_positions (track_id, genre, date, position, likes) values ($1, 'Minimal / Deep Tech', current_date, $2, 1)`,
        [track, position + 1],
      );
    }

    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/tracks/${deleted}`,
      headers: { cookie: artist.cookie },
    });

    expect(response.statusCode).toBe(204);
    expect(await rowsOf(deleted)).toEqual({ interactions: 0, grants: 0, deals: 0, chart: 0 });
    expect(await rowsOf(kept)).toEqual({ interactions: 1, grants: 1, deals: 1, chart: 1 });
  });

  it("takes a deleted account's likes back out of the counters and forgets its rows", async () => {
    const artist = await insertAccount(t.db, 'artist');
    const track = await insertTrack(t.db, artist);
    const leaving = await signUp(t.app, 'listener');
    const staying = await insertAccount(t.db, 'listener');
    await listenedTo(track, leaving.id);
    await listenedTo(track, staying);

    const response = await leaving.post('/functions/v1/delete-user-account', {
      user_id: leaving.id,
      confirmation_text: ACCOUNT_MESSAGES.deleteConfirmation,
    });

    expect(response.statusCode).toBe(200);
    const [row] = await t.db.query<{ likes: number }>('select likes from tracks where id = $1', [track]);
    expect(row?.likes).toBe(1);
    expect(await rowsOf(track)).toEqual({ interactions: 1, grants: 1, deals: 1, chart: 0 });
  });
});
