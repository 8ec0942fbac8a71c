import type { Queryable } from '../../db/client';
import { enqueueJob, pruneSucceededJobs, type JobHandler } from '../../jobs/runner';
import type { JobKind } from '../../jobs/lanes';
import type { JobRequest } from '../../jobs/schedule';

/** Sends the weekly follow digests that are due (decision 0306). */
export const SEND_DIGESTS_JOB = 'follows.send-digests';

/** Digests are looked for once an hour: a listener's is due a week after their last. */
const DIGEST_PERIOD_MS = 3_600_000;

/** A day of finished runs is kept: enough to read what ran. */
const DIGEST_RUNS_KEPT_MS = 24 * DIGEST_PERIOD_MS;

/** One digest run per hour, whichever instance asks. */
export const requestFollowDigests: JobRequest = async (q: Queryable, at: Date) => {
  const period = Math.floor(at.getTime() / DIGEST_PERIOD_MS);
  await enqueueJob(q, SEND_DIGESTS_JOB, {}, { dedupeKey: `${SEND_DIGESTS_JOB}:${String(period)}` });
};

/** The follows area's job kind, in the email lane: its run waits on each message's first try. */
export function createFollowsJobKinds(sendDigests: () => Promise<unknown>): Record<string, JobKind> {
  const run: JobHandler = async (_job, { db }) => {
    await sendDigests();
    await pruneSucceededJobs(db, SEND_DIGESTS_JOB, DIGEST_RUNS_KEPT_MS);
  };
  return { [SEND_DIGESTS_JOB]: { lane: 'email', run } };
}
