import { hostname } from 'node:os';
import { inspect } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import { isUnavailableError, type Db, type Queryable } from '../db/client';
import { within } from '../lib/deadline';

export interface Job<Payload = unknown> {
  id: string;
  kind: string;
  payload: Payload;
  attempts: number;
  maxAttempts: number;
}

export type JobHandler = (job: Job, context: { db: Db }) => Promise<void>;

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job with this key ever exists; a second enqueue is a no-op. */
  dedupeKey?: string;
}

/** Adds a job; inside a transaction it becomes visible only when the transaction commits. */
export async function enqueueJob(
  db: Queryable,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `insert into jobs (kind, payload, run_at, max_attempts, dedupe_key)
     values ($1, $2::jsonb, coalesce($3::timestamptz, now()), $4, $5)
     on conflict (dedupe_key) where dedupe_key is not null do nothing
     returning id`,
    [
      kind,
      JSON.stringify(payload ?? {}),
      options.runAt?.toISOString() ?? null,
      options.maxAttempts ?? 5,
      options.dedupeKey ?? null,
    ],
  );
  return rows[0]?.id;
}

/**
 * Forgets the succeeded jobs of `kind` that finished more than `olderThanMs` ago (by the
 * database's clock): for a periodic job whose finished runs would otherwise pile up.
 */
export async function pruneSucceededJobs(db: Queryable, kind: string, olderThanMs: number): Promise<void> {
  await db.query(
    `delete from jobs where kind = $1 and status = 'succeeded'
       and finished_at < now() - $2::bigint * interval '1 millisecond'`,
    [kind, olderThanMs],
  );
}

export interface JobRunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  pollIntervalMs?: number;
  /**
   * A running job whose lock was not renewed for this long was held by a crashed worker: run it
   * again. A live worker renews the lock every third of it.
   */
  leaseMs?: number;
  concurrency?: number;
}

/**
 * A durable job runner on the `jobs` table. Claiming uses FOR UPDATE SKIP LOCKED, so several
 * instances share one queue without taking the same job; a job whose worker died is reclaimed
 * once its lease runs out, so a crash loses no job. Failures retry with exponential backoff
 * until max_attempts, then stay as `failed` with the last error for someone to look at.
 */
export function createJobRunner(options: JobRunnerOptions) {
  const { db, log, handlers } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  const leaseMs = options.leaseMs ?? 10 * 60_000;
  const concurrency = options.concurrency ?? 1;
  const workerId = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  let timer: NodeJS.Timeout | undefined;
  let active = 0;
  let stopped = true;
  const idle = new Set<() => void>();

  async function claim(): Promise<Job | undefined> {
    const rows = await db.query<{
      id: string;
      kind: string;
      payload: unknown;
      attempts: number;
      max_attempts: number;
    }>(
      `update jobs set status = 'running', locked_at = now(), locked_by = $1, attempts = attempts + 1, updated_at = now()
       where id = (
         select id from jobs
         where (status = 'queued' and run_at <= now())
            or (status = 'running' and locked_at < now() - make_interval(secs => $2::double precision / 1000))
         order by run_at
         for update skip locked
         limit 1
       )
       returning id, kind, payload, attempts, max_attempts`,
      [workerId, leaseMs],
    );
    const row = rows[0];
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
      await db.query(
        `update jobs set status = 'succeeded', finished_at = now(), updated_at = now(), locked_at = null, last_error = null
         where id = $1 and locked_by = $2 and status = 'running'`,
        [job.id, workerId],
      );
      return;
    }
    const message = error instanceof Error ? error.message : inspect(error);
    const exhausted = job.attempts >= job.maxAttempts;
    log.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts, err: error },
      exhausted ? 'job failed for good' : 'job failed; will retry',
    );
    await db.query(
      `update jobs set status = $2, last_error = $3, locked_at = null, updated_at = now(),
         run_at = now() + make_interval(secs => $4), finished_at = case when $2 = 'failed' then now() end
       where id = $1 and locked_by = $5 and status = 'running'`,
      [
        job.id,
        exhausted ? 'failed' : 'queued',
        message.slice(0, 2000),
        Math.min(3600, 2 ** job.attempts * 5),
        workerId,
      ],
    );
  }

  /** Runs at most one job; resolves true when one ran (tests drive the runner with this). */
  async function runOnce(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers[job.kind];
    // While the handler runs, the lease is renewed: only a worker that stopped renewing (it died)
    // loses its job, however long the job takes.
    const heartbeat = setInterval(() => {
      db.query(`update jobs set locked_at = now() where id = $1 and locked_by = $2 and status = 'running'`, [
        job.id,
        workerId,
      ]).catch((error: unknown) => {
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

  async function drain() {
    while (!stopped && active < concurrency) {
      active += 1;
      let ran = false;
      try {
        ran = await runOnce();
      } catch (error) {
        // An outage is no bug: one line per poll, without a stack, until the database is back.
        if (isUnavailableError(error))
          log.warn({ reason: (error as Error).message }, 'job runner: database unavailable');
        else log.error({ err: error }, 'job runner could not claim a job');
      } finally {
        active -= 1;
        if (active === 0) for (const resolve of idle) resolve();
      }
      if (!ran) break;
    }
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, pollIntervalMs);
    timer.unref();
  }

  return {
    workerId,
    runOnce,
    /** Wakes the runner now instead of at the next poll (after an enqueue, for example). */
    poke() {
      if (!stopped) void drain();
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
      if (active === 0) return 0;
      const finished = new Promise<void>((resolve) => idle.add(resolve));
      if (options.graceMs === undefined) {
        await finished;
        return 0;
      }
      if ((await within(finished, options.graceMs)).done) return 0;
      const released = await db.query<{ id: string; kind: string }>(
        `update jobs set status = 'queued', locked_at = null, locked_by = null, run_at = now(),
           attempts = greatest(attempts - 1, 0), updated_at = now()
         where locked_by = $1 and status = 'running'
         returning id, kind`,
        [workerId],
      );
      for (const job of released) log.warn({ jobId: job.id, kind: job.kind }, 'job handed back at shutdown');
      return released.length;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;
