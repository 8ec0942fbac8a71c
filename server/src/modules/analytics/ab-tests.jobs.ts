import type { Queryable } from '../../db/client';
import { enqueueJob, pruneSucceededJobs, type JobHandler } from '../../jobs/runner';
import type { JobKind } from '../../jobs/lanes';
import type { JobRequest } from '../../jobs/schedule';

/**
 * Looks at every running A/B test and ends those the stopping rule has decided (decision 0304),
 * so a test stops at its decision even while its artist is away. The artist's own read looks too.
 */
export const LOOK_AT_AB_TESTS_JOB = 'analytics.look-at-ab-tests';

/** One look per this period however many instances ask. */
const LOOK_PERIOD_MS = 10 * 60_000;
const LOOK_RUNS_KEPT_MS = 24 * 3_600_000;

/** The periodic request: one look job per ten minutes. */
export const requestAbTestLook: JobRequest = async (q: Queryable, at: Date) => {
  const period = Math.floor(at.getTime() / LOOK_PERIOD_MS);
  await enqueueJob(q, LOOK_AT_AB_TESTS_JOB, {}, { dedupeKey: `${LOOK_AT_AB_TESTS_JOB}:${String(period)}` });
};

/** The A/B tests' job kind, in the short lane. */
export function createAbTestJobKinds(lookAtRunningTests: () => Promise<number>): Record<string, JobKind> {
  const run: JobHandler = async (_job, { db }) => {
    await lookAtRunningTests();
    await pruneSucceededJobs(db, LOOK_AT_AB_TESTS_JOB, LOOK_RUNS_KEPT_MS);
  };
  return { [LOOK_AT_AB_TESTS_JOB]: { lane: 'short', run } };
}
