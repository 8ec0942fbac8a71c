import { ACTIVE_CHART_GENRES } from '@klang/domain';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { enqueueJob, type JobHandler } from '../../jobs/runner';
import { CHART_ORDER } from './catalogue.repository';
import { utcDay } from './chart-day';

export const CHART_SNAPSHOT_JOB = 'chart-snapshot';

/**
 * Writes one day's ranking of every active genre to chart_positions (product-decisions.md Charts), in the
 * live chart's order (the verdict the chart-verdict job last computed, decision 0195), in one
 * statement and only when that day has no rows yet: a retry after a crash, or a second instance
 * running the same day, writes nothing more. Returns the rows written.
 */
export async function writeChartSnapshot(db: Queryable, day: string): Promise<number> {
  const rows = await db.query(
    `insert into chart_positions (track_id, genre, date, position, likes)
     select r.id, r.genre, $1::date, r.position, r.likes
     from (
       select t.id, t.genre, t.likes,
              row_number() over (partition by t.genre order by ${CHART_ORDER})::int as position
       from tracks t
       where t.genre = any($2::text[]) and not t.is_deleted and t.status = 'ready'
     ) r
     where not exists (select 1 from chart_positions c where c.date = $1::date and c.genre = r.genre)
     on conflict do nothing
     returning 1`,
    [day, ACTIVE_CHART_GENRES],
  );
  return rows.length;
}

const snapshotPayload = z.object({ day: z.iso.date() });

export const chartSnapshotHandler: JobHandler = async (job, { db }) => {
  const { day } = snapshotPayload.parse(job.payload);
  await writeChartSnapshot(db, day);
};

/**
 * Queues the snapshot of the day that has just ended, once per day: the job's dedupe key is the
 * day, so every instance can ask as often as it likes and one job runs. Movement on day D
 * compares the live ranking with the ranking as it stood when D-1 ended.
 */
export async function requestChartSnapshot(db: Queryable, at: Date): Promise<void> {
  const day = utcDay(at, -1);
  await enqueueJob(db, CHART_SNAPSHOT_JOB, { day }, { dedupeKey: `${CHART_SNAPSHOT_JOB}:${day}` });
}
