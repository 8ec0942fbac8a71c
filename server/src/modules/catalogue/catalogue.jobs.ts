import { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { JobKind } from '../../jobs/lanes';
import { enqueueJob, pruneSucceededJobs, type JobHandler } from '../../jobs/runner';
import { refreshVerdicts, writeChartSnapshot } from './catalogue.repository';
import { utcDay } from './chart-day';

/**
 * Job kinds are stored in `jobs` rows, with their dedupe keys: renaming one takes a migration of
 * its rows, as 0300-job-kind-names.sql renamed these two from `chart-snapshot` and `chart-verdict`.
 */
export const CHART_SNAPSHOT_JOB = 'catalogue.write-snapshot';
export const CHART_VERDICT_JOB = 'catalogue.refresh-verdicts';

/** How often the verdict is computed again: the scheduler asks every 10 minutes, one job runs per slot. */
export const CHART_VERDICT_SLOT_MS = 10 * 60_000;

/** How long a finished verdict run is kept in `jobs` before it is forgotten. */
const VERDICT_RUNS_KEPT_MS = 24 * 60 * 60_000;

const snapshotPayload = z.object({ day: z.iso.date() });
const verdictPayload = z.object({ slot: z.iso.datetime() });

/**
 * Writes the snapshot of the day its job names (product-decisions.md Charts), in the live chart's order;
 * a day that has its rows already is left as it is (writeChartSnapshot).
 */
export const chartSnapshotHandler: JobHandler = async (job, { db }) => {
  const { day } = snapshotPayload.parse(job.payload);
  await writeChartSnapshot(db, day);
};

/**
 * Judges as of when the job runs (not its slot: a job that waited in the queue still ranks by the
 * latest deals), then forgets its own finished runs older than a day, so a job every 10 minutes
 * does not grow the queue table for ever.
 */
export function createChartVerdictHandler(options: {
  windowDays: number;
  accountMinAgeMs?: number;
  clock?: () => Date;
}): JobHandler {
  const clock = options.clock ?? (() => new Date());
  return async (job, { db }) => {
    verdictPayload.parse(job.payload);
    await refreshVerdicts(db, clock(), options.windowDays, options.accountMinAgeMs);
    await pruneSucceededJobs(db, CHART_VERDICT_JOB, VERDICT_RUNS_KEPT_MS);
  };
}

/** The catalogue's job kinds: the daily chart snapshot and the blind verdict (decision 0195). */
export function createCatalogueJobKinds(options: {
  windowDays: number;
  accountMinAgeMs?: number;
  clock?: () => Date;
}): Record<string, JobKind> {
  return {
    [CHART_SNAPSHOT_JOB]: { lane: 'short', run: chartSnapshotHandler },
    [CHART_VERDICT_JOB]: { lane: 'short', run: createChartVerdictHandler(options) },
  };
}

/**
 * Queues the snapshot of the day that has just ended, once per day: the job's dedupe key is the
 * day, so every instance can ask as often as it likes and one job runs. Movement on day D
 * compares the live ranking with the ranking as it stood when D-1 ended.
 */
export async function requestChartSnapshot(db: Queryable, at: Date): Promise<void> {
  const day = utcDay(at, -1);
  await enqueueJob(db, CHART_SNAPSHOT_JOB, { day }, { dedupeKey: `${CHART_SNAPSHOT_JOB}:${day}` });
}

/** Queues the verdict of the current 10-minute slot; the slot is the dedupe key, so one job runs per slot. */
export async function requestChartVerdict(db: Queryable, at: Date): Promise<void> {
  const slot = new Date(
    Math.floor(at.getTime() / CHART_VERDICT_SLOT_MS) * CHART_VERDICT_SLOT_MS,
  ).toISOString();
  await enqueueJob(db, CHART_VERDICT_JOB, { slot }, { dedupeKey: `${CHART_VERDICT_JOB}:${slot}` });
}
