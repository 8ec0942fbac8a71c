import type { Db, Queryable } from '../db/client';

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** At most one job with this key ever exists; a second enqueue is a no-op. */
  dedupeKey?: string;
  /** The account the job works for: a lane with a per-account limit shares its slots by it. */
  accountId?: string;
}

/** Adds a job; inside a transaction it becomes visible only when the transaction commits. */
export async function enqueueJob(
  db: Queryable,
  kind: string,
  payload: unknown,
  options: EnqueueOptions = {},
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `insert into jobs (kind, payload, run_at, max_attempts, dedupe_key, account_id)
     values ($1, $2::jsonb, coalesce($3::timestamptz, now()), $4, $5, $6)
     on conflict (dedupe_key) where dedupe_key is not null do nothing
     returning id`,
    [
      kind,
      JSON.stringify(payload ?? {}),
      options.runAt?.toISOString() ?? null,
      options.maxAttempts ?? 5,
      options.dedupeKey ?? null,
      options.accountId ?? null,
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
export function createJobsRepository(db: Db) {
  return {
    /**
     * Claims the oldest due job of the lane's kinds, or one whose worker stopped renewing its
     * lease: FOR UPDATE SKIP LOCKED, so several instances share one queue without taking the same
     * job. `otherKindsThan` also claims every kind not in that list (a row no handler knows fails
     * visibly instead of waiting forever). With `perAccount`, an account already running that many
     * jobs of the lane waits, and the account with the fewest running goes first; a transaction
     * advisory lock makes those counts exact across processes (decision 0247).
     */
    async claim(
      workerId: string,
      leaseMs: number,
      lane: {
        name: string;
        kinds: readonly string[];
        otherKindsThan?: readonly string[];
        perAccount?: number;
      },
    ) {
      const params = [workerId, leaseMs, lane.kinds, lane.otherKindsThan ?? null, lane.perAccount ?? null];
      const statement = `with lane_running as (
           select account_id, count(*) as running from jobs
           where status = 'running' and account_id is not null and kind = any($3::text[])
             and locked_at >= now() - make_interval(secs => $2::double precision / 1000)
           group by account_id
         )
         update jobs set status = 'running', locked_at = now(), locked_by = $1, attempts = attempts + 1, updated_at = now()
         where id = (
           select j.id from jobs j left join lane_running r on r.account_id = j.account_id
           where (j.kind = any($3::text[]) or ($4::text[] is not null and j.kind <> all($4::text[])))
             and ((j.status = 'queued' and j.run_at <= now())
               or (j.status = 'running' and j.locked_at < now() - make_interval(secs => $2::double precision / 1000)))
             and ($5::int is null or coalesce(r.running, 0) < $5::int)
           order by case when $5::int is null then 0 else coalesce(r.running, 0) end, j.run_at
           for update of j skip locked
           limit 1
         )
         returning id, kind, payload, attempts, max_attempts`;
      type Row = { id: string; kind: string; payload: unknown; attempts: number; max_attempts: number };
      const rows =
        lane.perAccount === undefined
          ? await db.query<Row>(statement, params)
          : await db.transaction(async (tx) => {
              await tx.query(`select pg_advisory_xact_lock(hashtext('jobs.claim:' || $1))`, [lane.name]);
              return tx.query<Row>(statement, params);
            });
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
