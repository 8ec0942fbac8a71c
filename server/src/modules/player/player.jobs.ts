import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { enqueueJob, pruneSucceededJobs, type JobHandler } from '../../jobs/runner';
import type { JobKind } from '../../jobs/lanes';
import type { JobRequest } from '../../jobs/schedule';

/** Credits a listener's ended Discover deals (decision 0246), once per listener and minute. */
export const CREDIT_LISTENING_JOB = 'player.credit-listening';

/** A credit's (and a delivery run's) finished runs are kept an hour: enough to read what ran, not a growing queue. */
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

/** Hands the tracks new in the deck to their artists' followers (decision 0306). */
export const DELIVER_TO_FOLLOWERS_JOB = 'player.deliver-to-followers';

/** Follow deliveries are handed out once per period: a new track reaches followers within it. */
const DELIVERY_PERIOD_MS = 10 * 60_000;

/** One delivery run per period, whichever instance asks (every 10 minutes, `main.ts`). */
export const requestFollowDeliveries: JobRequest = async (q: Queryable, at: Date) => {
  const period = Math.floor(at.getTime() / DELIVERY_PERIOD_MS);
  await enqueueJob(
    q,
    DELIVER_TO_FOLLOWERS_JOB,
    {},
    { dedupeKey: `${DELIVER_TO_FOLLOWERS_JOB}:${String(period)}` },
  );
};

/** Makes the months of `deals` the deck is about to deal in (decision 0312). */
export const PREPARE_DEAL_MONTHS_JOB = 'player.prepare-deal-months';
/** A week of its daily runs is kept: enough to see that they ran. */
const DEAL_MONTH_RUNS_KEPT_MS = 7 * 24 * 3_600_000;

/** Rolls up and drops the months of `deals` past the operator's retention (decision 0317). */
export const ROLL_UP_DEAL_MONTHS_JOB = 'player.roll-up-deal-months';

/**
 * One run of each a day, whichever instance asks (every 10 minutes, `main.ts`): one makes the
 * partitions of this month and the next two that are missing, so a month's partition exists
 * weeks before its first deal; the other rolls up the months past the retention. A run that
 * failed (a lock it gave up on) is retried the next day.
 */
export const requestDealMonths: JobRequest = async (q: Queryable, at: Date) => {
  for (const kind of [PREPARE_DEAL_MONTHS_JOB, ROLL_UP_DEAL_MONTHS_JOB])
    await enqueueJob(q, kind, {}, { dedupeKey: `${kind}:${at.toISOString().slice(0, 10)}` });
};

/**
 * The player's job kinds, in the short lane: the listening credit, the follow deliveries'
 * fan-out (`deliver` runs until nothing new is left), the months of `deals` made ahead, and the
 * months past the retention rolled up.
 */
export function createPlayerJobKinds(work: {
  credit: (userId: string) => Promise<void>;
  deliver: () => Promise<unknown>;
  prepareDealMonths: () => Promise<unknown>;
  rollUpDealMonths: () => Promise<unknown>;
}): Record<string, JobKind> {
  const credit: JobHandler = async (job, { db }) => {
    await work.credit(creditPayload.parse(job.payload).userId);
    await pruneSucceededJobs(db, CREDIT_LISTENING_JOB, CREDIT_RUNS_KEPT_MS);
  };
  const deliver: JobHandler = async (_job, { db }) => {
    await work.deliver();
    await pruneSucceededJobs(db, DELIVER_TO_FOLLOWERS_JOB, CREDIT_RUNS_KEPT_MS);
  };
  return {
    [CREDIT_LISTENING_JOB]: { lane: 'short', run: credit },
    [DELIVER_TO_FOLLOWERS_JOB]: { lane: 'short', run: deliver },
    [PREPARE_DEAL_MONTHS_JOB]: {
      lane: 'short',
      run: async (_job, { db }) => {
        await work.prepareDealMonths();
        await pruneSucceededJobs(db, PREPARE_DEAL_MONTHS_JOB, DEAL_MONTH_RUNS_KEPT_MS);
      },
    },
    [ROLL_UP_DEAL_MONTHS_JOB]: {
      lane: 'short',
      run: async (_job, { db }) => {
        await work.rollUpDealMonths();
        await pruneSucceededJobs(db, ROLL_UP_DEAL_MONTHS_JOB, DEAL_MONTH_RUNS_KEPT_MS);
      },
    },
  };
}
