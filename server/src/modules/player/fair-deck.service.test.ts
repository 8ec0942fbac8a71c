import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../providers/storage/local-storage';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { createTestDatabase } from '../../test/database';
import { createLoyaltyService } from '../loyalty/loyalty.service';
import { createPlayerService } from './player.service';

/**
 * The fair pick's choice among tracks (decision 0191), with the random draw in the test's hand:
 * random among the least exposed while they are under FIRST_LISTENS, random among all once no
 * eligible track is, and a newly featured track first.
 */
describe('the fair pick', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let draw = 0;
  let player: ReturnType<typeof createPlayerService>;
  let listener: string;
  /** Four tracks with the random keys 0.1, 0.3, 0.5 and 0.7. */
  let tracks: string[];

  beforeAll(async () => {
    db = await createTestDatabase();
    player = createPlayerService({
      db,
      storage: createLocalStorage({
        dir: '/tmp/klang-fair-test',
        signingSecret: 'fair-test-secret-0123456789abcdef',
      }),
      streamSecret: 'fair-test-stream-secret-0123456789',
      loyalty: createLoyaltyService({}),
      firstListens: 2,
      random: () => draw,
    });
  });
  afterAll(async () => {
    await db.drop();
  });
  beforeEach(async () => {
    await db.query('delete from accounts');
    const artist = await insertAccount(db, 'artist', { artistName: 'Halden Marr' });
    listener = await insertAccount(db, 'listener');
    tracks = [];
    for (const rnd of [0.1, 0.3, 0.5, 0.7]) {
      const id = await insertTrack(db, artist);
      await db.query('update deck_exposure set rnd = $2 where track_id = $1', [id, rnd]);
      tracks.push(id);
    }
  });

  /** Sets the counts, and the keys back to 0.1, 0.3, 0.5 and 0.7 (a deal draws a new one). */
  const setCounts = async (counts: number[]) => {
    for (const [i, id] of tracks.entries())
      await db.query('update deck_exposure set deal_count = $2, rnd = $3 where track_id = $1', [
        id,
        counts[i],
        0.1 + 0.2 * i,
      ]);
  };
  const keyOf = async (id: string | undefined) =>
    (await db.query<{ rnd: number }>('select rnd from deck_exposure where track_id = $1', [id]))[0]?.rnd;
  const pickAt = async (r: number): Promise<string | undefined> => {
    draw = r;
    const next = await player.nextTrack(listener, null);
    if (next.state !== 'track') throw new Error(`expected a track, got ${next.state}`);
    const [row] = await db.query<{ track_id: string }>('select track_id from deals where id = $1', [
      next.track.id,
    ]);
    return row?.track_id;
  };

  it('picks by the random draw among the least exposed only, wrapping around their keys', async () => {
    // Tracks 0 and 2 are the least exposed; 1 and 3 lie between their keys.
    for (const [r, expected] of [
      [0.05, 0],
      [0.2, 2],
      [0.45, 2],
      [0.6, 0],
      [0.95, 0],
    ] as const) {
      await setCounts([0, 1, 0, 1]);
      expect(await pickAt(r), `r = ${r}`).toBe(tracks[expected]);
    }
  });

  it('counts the deal at once, so the next pick moves on to the track left at the lowest count', async () => {
    await setCounts([0, 1, 0, 1]);
    expect(await pickAt(0.2)).toBe(tracks[2]);
    expect(await pickAt(0.2)).toBe(tracks[0]);
    const [row] = await db.query<{ counts: number[] }>(
      'select array_agg(deal_count order by track_id) as counts from deck_exposure',
    );
    expect(row?.counts).toEqual([1, 1, 1, 1]);
  });

  it('draws a dealt track a new random key, so no gap in the keys favours one track for long', async () => {
    const drawn = new Set<number>();
    for (let i = 0; i < 5; i++) {
      await setCounts([9, 9, 9, 9]);
      // 0.6 falls in the gap before the key 0.7: the uniform pick deals track 3.
      expect(await pickAt(0.6)).toBe(tracks[3]);
      const key = await keyOf(tracks[3]);
      expect(key).toBeGreaterThanOrEqual(0);
      expect(key).toBeLessThan(1);
      drawn.add(key ?? -1);
    }
    expect(drawn.size).toBe(5);
  });

  it('picks among all eligible tracks once none is under FIRST_LISTENS', async () => {
    await setCounts([2, 9, 2, 5]);
    expect(await pickAt(0.2)).toBe(tracks[1]);
    await setCounts([2, 9, 2, 5]);
    expect(await pickAt(0.6)).toBe(tracks[3]);
  });

  it('deals a newly featured track its FIRST_LISTENS next, whatever the draw, and then joins the rest', async () => {
    await setCounts([40, 40, 40, 40]);
    const artist = (await db.query<{ artist_id: string }>('select artist_id from tracks limit 1'))[0]
      ?.artist_id;
    if (!artist) throw new Error('no artist');
    const fresh = await insertTrack(db, artist, { featured: false });
    expect(await pickAt(0.05)).not.toBe(fresh);
    await db.query('update tracks set featured_in_player = true where id = $1', [fresh]);
    for (const r of [0.05, 0.99]) expect(await pickAt(r)).toBe(fresh);
    // With its FIRST_LISTENS it is one of the rest: the draw decides (keys set back for the check).
    const keysBack = async () => {
      await setCounts([40, 40, 40, 40]);
      await db.query('update deck_exposure set rnd = 0.9 where track_id = $1', [fresh]);
    };
    await keysBack();
    expect(await pickAt(0.8)).toBe(fresh);
    await keysBack();
    expect(await pickAt(0.05)).toBe(tracks[0]);
  });

  it('keeps the count of a track out of the deck, and deals nothing out of it', async () => {
    await setCounts([1, 0, 0, 0]);
    await db.query('update tracks set featured_in_player = false where id = any($1::uuid[])', [
      tracks.slice(1),
    ]);
    for (const r of [0.05, 0.5, 0.99]) expect(await pickAt(r)).toBe(tracks[0]);
    await db.query(`update tracks set status = 'failed' where id = $1`, [tracks[0]]);
    expect(await player.nextTrack(listener, null)).toEqual({ state: 'empty' });
    // Back in the deck with the count it left with, so the three tracks at 0 come first.
    await db.query(`update tracks set featured_in_player = true, status = 'ready'`);
    const [row] = await db.query<{ deal_count: number }>(
      'select deal_count from deck_exposure where track_id = $1',
      [tracks[0]],
    );
    expect(row?.deal_count).toBe(4);
    for (const r of [0.05, 0.5, 0.99]) expect(await pickAt(r)).not.toBe(tracks[0]);
  });

  it('lets only its own statement commit without waiting for the flush', async () => {
    // The test database is one connection: a setting that outlived the deal would show here.
    await pickAt(0.5);
    const [row] = await db.query<{ synchronous_commit: string }>('show synchronous_commit');
    expect(row?.synchronous_commit).toBe('on');
  });
});
