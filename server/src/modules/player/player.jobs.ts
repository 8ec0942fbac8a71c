import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { enqueueJob, pruneSucceededJobs, type JobHandler } from '../../jobs/runner';
import type { JobKind } from '../../jobs/lanes';

/** Credits a listener's ended Discover deals (decision 0246), once per listener and minute. */
export const CREDIT_LISTENING_JOB = 'player.credit-listening';

/** A credit's finished runs are kept an hour: enough to read what ran, not a growing queue. */
const CREDIT_RUNS_KEPT_MS = 3_600_000;

const SLOT_MS = 60_000;

const creditPayload = z.object({ userId: z.uuid() });

/**
 * Asks for the credit of `userId`'s Discover listening after a deal of theirs ended at `at`: one
 * job per listener and minute, run when the minute is over, so every deal that ends in it (a
 * listener skipping fast ends several) is credited by one run, and the rating's own request
 * writes one queue row at most. In the caller's transaction when it has one.
 */
export async function requestListeningCredit(db: Queryable, userId: string, at: Date): Promise<void> {
  const slot = Math.floor(at.getTime() / SLOT_MS);
  await enqueueJob(
    db,
    CREDIT_LISTENING_JOB,
    { userId },
    { dedupeKey: `${CREDIT_LISTENING_JOB}:${userId}:${String(slot)}`, runAt: new Date((slot + 1) * SLOT_MS) },
  );
}

/** The player's job kinds: the listening credit, in the short lane. */
export function createPlayerJobKinds(credit: (userId: string) => Promise<void>): Record<string, JobKind> {
  const run: JobHandler = async (job, { db }) => {
    await credit(creditPayload.parse(job.payload).userId);
    await pruneSucceededJobs(db, CREDIT_LISTENING_JOB, CREDIT_RUNS_KEPT_MS);
  };
  return { [CREDIT_LISTENING_JOB]: { lane: 'short', run } };
}
