import { maybeOne, type Queryable } from '../../db/client';

/** The `login_failures` counters of the sign-in challenge (login-challenge.ts, decision 0253). */
export function createLoginFailuresRepository(db: Queryable) {
  return {
    /** The failures counted for `subject` whose last one is younger than `windowMs`; 0 otherwise. */
    async recentFailures(subject: string, windowMs: number): Promise<number> {
      const row = await maybeOne<{ failures: number }>(
        db,
        `select failures from login_failures
         where subject = $1 and last_failed_at > now() - make_interval(secs => $2::double precision / 1000)`,
        [subject, windowMs],
      );
      return row?.failures ?? 0;
    },

    /** One more failure: added to the count when the last one is younger than `windowMs`, else the first. */
    async recordFailure(subject: string, windowMs: number): Promise<void> {
      // Counts long past their window tell nothing any more: the table keeps only live ones.
      await db.query(
        `delete from login_failures where last_failed_at < now() - make_interval(secs => $1::double precision / 1000)`,
        [windowMs],
      );
      await db.query(
        `insert into login_failures (subject, failures, last_failed_at) values ($1, 1, now())
         on conflict (subject) do update set
           failures = case
             when login_failures.last_failed_at > now() - make_interval(secs => $2::double precision / 1000)
             then login_failures.failures + 1 else 1 end,
           last_failed_at = now()`,
        [subject, windowMs],
      );
    },

    async clear(subject: string): Promise<void> {
      await db.query('delete from login_failures where subject = $1', [subject]);
    },
  };
}

export type LoginFailuresRepository = ReturnType<typeof createLoginFailuresRepository>;
