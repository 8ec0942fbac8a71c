import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { createJobRunner } from '../../jobs/runner';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';
import { createTestDatabase } from '../../test/database';
import { CHART_SNAPSHOT_JOB, chartSnapshotHandler, requestChartSnapshot } from './catalogue.jobs';
import { writeChartSnapshot } from './catalogue.repository';

const silent = {
  warn: () => undefined,
  info: () => undefined,
  error: () => undefined,
} as unknown as FastifyBaseLogger;

describe('daily chart snapshot', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    db = await createTestDatabase();
    const artist = await insertAccount(db, 'artist');
    for (const [i, genre] of [
      'Minimal / Deep Tech',
      'Minimal / Deep Tech',
      'House / Tech House',
      'Techno',
    ].entries()) {
      const id = await insertTrack(db, artist, { genre });
      await db.query('update tracks set likes = $2, verdict_score = $3 where id = $1', [
        id,
        10 - i,
        (10 - i) / 20,
      ]);
    }
    await insertTrack(db, artist, { deleted: true });
  });
  afterAll(async () => {
    await db.drop();
  });

  it('writes each active genre once per UTC day, whatever two instances do', async () => {
    const at = new Date('2026-03-10T00:04:00Z');
    const instances = [1, 2].map(() =>
      createJobRunner({
        db,
        log: silent,
        kinds: { [CHART_SNAPSHOT_JOB]: { lane: 'short', run: chartSnapshotHandler } },
      }),
    );
    // Both instances ask, twice each, and both try to run what is queued at the same moment.
    await Promise.all([at, at, at, at].map((when) => requestChartSnapshot(db, when)));
    const ran = await Promise.all(instances.map((runner) => runner.runOnce()));
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(await Promise.all(instances.map((runner) => runner.runOnce()))).toEqual([false, false]);

    const rows = await db.query<{ genre: string; position: number; likes: number; date: string }>(
      `select genre, position, likes, to_char(date, 'YYYY-MM-DD') as date from chart_positions order by genre, position`,
    );
    // The day that ended: 9 March. Techno is not an active chart; the deleted track is not listed.
    expect(rows).toEqual([
      { genre: 'House / Tech House', position: 1, likes: 8, date: '2026-03-09' },
      { genre: 'Minimal / Deep Tech', position: 1, likes: 10, date: '2026-03-09' },
      { genre: 'Minimal / Deep Tech', position: 2, likes: 9, date: '2026-03-09' },
    ]);
    // A retry of the same day (a crash after the commit, before the job was marked done) adds nothing.
    expect(await writeChartSnapshot(db, '2026-03-09')).toBe(0);
    expect(await writeChartSnapshot(db, '2026-03-10')).toBe(3);
  });
});
