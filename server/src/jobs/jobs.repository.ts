import type { Queryable } from '../db/client';

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

/** The runner's statements on the `jobs` table: claim, renew, finish, hand back. */
export function createJobsRepository(db: Queryable) {
  return {
    /**
     * Claims the oldest due job, or one whose worker stopped renewing its lease: FOR UPDATE SKIP
     * LOCKED, so several instances share one queue without taking the same job.
     */
    async claim(workerId: string, leaseMs: number) {
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
      return rows[0];
    },

    /** Renews the lease of a job this worker still holds. */
    async renew(jobId: string, workerId: string): Promise<void> {
      await db.query(
        `update jobs set locked_at = now() where id = $1 and locked_by = $2 and status = 'running'`,
        [jobId, workerId],
      );
    },

    /** Marks the job done, while this worker still holds it. */
    async succeed(jobId: string, workerId: string): Promise<void> {
      await db.query(
        `update jobs set status = 'succeeded', finished_at = now(), updated_at = now(), locked_at = null, last_error = null
         where id = $1 and locked_by = $2 and status = 'running'`,
        [jobId, workerId],
      );
    },

    /**
     * Records a failure, while this worker still holds the job: queued again after
     * `retryInSeconds`, or failed for good with its last error.
     */
    async fail(
      jobId: string,
      workerId: string,
      outcome: { status: 'queued' | 'failed'; error: string; retryInSeconds: number },
    ): Promise<void> {
      await db.query(
        `update jobs set status = $2, last_error = $3, locked_at = null, updated_at = now(),
           run_at = now() + make_interval(secs => $4), finished_at = case when $2 = 'failed' then now() end
         where id = $1 and locked_by = $5 and status = 'running'`,
        [jobId, outcome.status, outcome.error, outcome.retryInSeconds, workerId],
      );
    },

    /**
     * Hands back every job this worker still runs: queued again now, the attempt not counted.
     * Returns them.
     */
    release(workerId: string) {
      return db.query<{ id: string; kind: string }>(
        `update jobs set status = 'queued', locked_at = null, locked_by = null, run_at = now(),
           attempts = greatest(attempts - 1, 0), updated_at = now()
         where locked_by = $1 and status = 'running'
         returning id, kind`,
        [workerId],
      );
    },
  };
}
