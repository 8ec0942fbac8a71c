import { hostname } from 'node:os';
import { inspect } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { isUnavailableError, type Db } from '../db/client';
import { createJobsRepository } from './jobs.repository';
import { JOB_LANES, laneLimits, type JobKind, type JobLane, type LaneLimits } from './lanes';
import { within } from '../lib/deadline';

export interface Job<Payload = unknown> {
  id: string;
  kind: string;
  payload: Payload;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler = (job: Job, context: { db: Db }) => Promise<void>;

// Enqueueing and pruning are the queue's API for every area; their SQL is the repository's.
export { enqueueJob, pruneSucceededJobs, type EnqueueOptions } from './jobs.repository';

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** The registered kinds (`app.jobKinds`): each is claimed in its lane. */
  kinds: Record<string, JobKind>;
  pollIntervalMs?: number;
  /**
   * A running job whose lock was not renewed for this long was held by a crashed worker: run it
   * again. A live worker renews the lock every third of it.
   */
  leaseMs?: number;
  /** Each lane's limits; by default one job at a time per lane, and one per account in `media`. */
  lanes?: Record<JobLane, LaneLimits>;
}

/**
 * A durable job runner on the `jobs` table. Claiming uses FOR UPDATE SKIP LOCKED, so several
 * instances share one queue without taking the same job; a job whose worker died is reclaimed
 * once its lease runs out, so a crash loses no job. Failures retry with exponential backoff
 * until max_attempts, then stay as `failed` with the last error for someone to look at.
 * Each lane claims and runs on its own up to its concurrency, so a lane full of long work never
 * holds up another lane (decision 0247).
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, log, kinds } = options;
  const repository = createJobsRepository(db);
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const limits = options.lanes ?? laneLimits({ concurrency: 1, perAccount: 1 });
  const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const known = Object.keys(kinds);
  const kindsOf = (lane: JobLane) => known.filter((kind) => kinds[kind]?.lane === lane);
  let timer: NodeJS.Timeout | undefined;
  const active: Record<JobLane, number> = { payments: 0, email: 0, short: 0, media: 0 };
  let stopped = true;
  const idle = new Set<() => void>();
  const running = () => JOB_LANES.reduce((sum, lane) => sum + active[lane], 0);

  async function claimIn(lanes: readonly JobLane[]): Promise<Job | undefined> {
    for (const lane of lanes) {
      const job = await claim(lane);
      if (job) return job;
    }
    return undefined;
  }

  async function claim(lane: JobLane): Promise<Job | undefined> {
    const perAccount = limits[lane].perAccount;
    if (lane !== 'short' && kindsOf(lane).length === 0) return undefined;
    const row = await repository.claim(workerId, leaseMs, {
      name: lane,
      kinds: kindsOf(lane),
      // A kind no area registered is claimed in the short lane, where it fails for all to see.
      ...(lane === 'short' && { otherKindsThan: known }),
      ...(perAccount !== undefined && { perAccount }),
    });
    return (
      row && {
        id: row.id,
        kind: row.kind,
        payload: row.payload,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
      }
    );
  }

  /**
   * Records the outcome, but only while this worker still holds the job: once its lease ran out
   * (or `stop` released it) another worker owns the job, and a late outcome from this one must
   * not overwrite that worker's state.
   */
  async function finish(job: Job, error?: unknown) {
    if (!error) {
      await repository.succeed(job.id, workerId);
      return;
    }
    const message = error instanceof Error ? error.message : inspect(error);
    const exhausted = job.attempts >= job.maxAttempts;
    log.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts, err: error },
      exhausted ? 'job failed for good' : 'job failed; will retry',
    );
    await repository.fail(job.id, workerId, {
      status: exhausted ? 'failed' : 'queued',
      error: message.slice(0, 2000),
      retryInSeconds: Math.min(3600, 2 ** job.attempts * 5),
    });
  }

  /**
   * Runs at most one job of `lane`, or of the first lane in {@link JOB_LANES} order that has one
   * due; resolves true when one ran (tests drive the runner with this).
   */
  async function runOnce(lane?: JobLane): Promise<boolean> {
    const job = await claimIn(lane ? [lane] : JOB_LANES);
    if (!job) return false;
    const handler = kinds[job.kind]?.run;
    // While the handler runs, the lease is renewed: only a worker that stopped renewing (it died)
    // loses its job, however long the job takes.
    const heartbeat = setInterval(() => {
      repository.renew(job.id, workerId).catch((error: unknown) => {
        log.warn(
          { jobId: job.id, reason: error instanceof Error ? error.message : String(error) },
          'lease not renewed',
        );
      });
    }, leaseMs / 3);
    heartbeat.unref();
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job, { db });
      await finish(job);
    } catch (error) {
      await finish(job, error).catch((finishError: unknown) => {
        log.error({ err: finishError, jobId: job.id }, 'could not record a job failure');
      });
    } finally {
      clearInterval(heartbeat);
    }
    return true;
  }

  /** One of a lane's workers: claims and runs its jobs until none is due or the runner stops. */
  async function work(lane: JobLane) {
    try {
      let ran = true;
      while (!stopped && ran) {
        try {
          ran = await runOnce(lane);
        } catch (error) {
          ran = false;
          // An outage is no bug: one line per poll, without a stack, until the database is back.
          if (isUnavailableError(error))
            log.warn({ reason: (error as Error).message }, 'job runner: database unavailable');
          else log.error({ err: error }, 'job runner could not claim a job');
        }
      }
    } finally {
      active[lane] -= 1;
      if (running() === 0) for (const resolve of idle) resolve();
    }
  }

  /** Starts a worker in every free slot of every lane; a busy lane leaves the others free. */
  function drain() {
    for (const lane of JOB_LANES) {
      while (!stopped && active[lane] < limits[lane].concurrency) {
        active[lane] += 1;
        void work(lane);
      }
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      drain();
      schedule();
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    workerId,
    runOnce,
    /** Wakes the runner now instead of at the next poll (after an enqueue, for example). */
    poke() {
      if (!stopped) drain();
    },
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    /**
     * Claims nothing more and waits for the running jobs. With `graceMs`, a job still running
     * after it is handed back: queued again with its attempt not counted, for another worker to
     * take at once instead of after the lease. Resolves with how many jobs were handed back.
     */
    async stop(options: { graceMs?: number } = {}): Promise<number> {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (running() === 0) return 0;
      const finished = new Promise<void>((resolve) => idle.add(resolve));
      if (options.graceMs === undefined) {
        await finished;
        return 0;
      }
      if ((await within(finished, options.graceMs)).done) return 0;
      const released = await repository.release(workerId);
      for (const job of released) log.warn({ jobId: job.id, kind: job.kind }, 'job handed back at shutdown');
      return released.length;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
