import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '@klang/domain';
import { createLocalStorage } from '../../providers/storage/local-storage';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { createTestDatabase } from '../../test/database';
import { createCatalogueService, movementOf } from './catalogue.service';

describe('catalogue service', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let listener: string;
  let tracks: string[];
  beforeAll(async () => {
    db = await createTestDatabase();
    const artist = await insertAccount(db, 'artist');
    listener = await insertAccount(db, 'listener');
    tracks = [
      await insertTrack(db, artist, { title: 'First' }),
      await insertTrack(db, artist, { title: 'Second' }),
    ];
    // The chart ranks by the verdict the chart job keeps on the track (decision 0195).
    await db.query('update tracks set likes = 5, verdict_score = 0.5 where id = $1', [tracks[0]]);
  });
  afterAll(async () => {
    await db.drop();
  });

  it('reuses a ranking for its cache time, while who sees what is decided on every read', async () => {
    let clock = new Date('2026-05-01T12:00:00Z');
    const storage = createLocalStorage({
      dir: await mkdtemp(path.join(tmpdir(), 'klang-catalogue-')),
      signingSecret: 'test-media-secret-0123456789abcdef',
    });
    const service = createCatalogueService({ db, storage, clock: () => clock, chartCacheMs: 2000 });
    const titles = async () =>
      (await service.chart(listener)).entries.map((e) => (e.track.isRevealed ? e.track.title : MASK));

    expect(await titles()).toEqual([MASK, MASK]);
    await db.query('update tracks set likes = 9, verdict_score = 0.7 where id = $1', [tracks[1]]);
    await db.query(
      `insert into track_interactions (user_id, track_id, interaction_type) values ($1, $2, 'like')`,
      [listener, tracks[0]],
    );
    // Within the cache time: the old order, but the like just given is already revealed.
    expect(await titles()).toEqual(['First', MASK]);
    clock = new Date(clock.getTime() + 2000);
    expect(await titles()).toEqual([MASK, 'First']);
  });

  it('names movement as the spec does', () => {
    expect(movementOf(3, null)).toEqual({ type: 'new', amount: 0 });
    expect(movementOf(2, 5)).toEqual({ type: 'up', amount: 3 });
    expect(movementOf(4, 1)).toEqual({ type: 'down', amount: 3 });
    expect(movementOf(4, 4)).toEqual({ type: 'same', amount: 0 });
  });
});
