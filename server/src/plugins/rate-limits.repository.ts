import { one, type Queryable } from '../db/client';

/**
 * The `rate_limits` counters (decision 0005): fixed windows kept in the database, so every
 * instance shares one count. The rate-limit plugin counts routes through it; a service that
 * limits by something other than the route (the accounts service, per account or address) is
 * given `hit` by its wiring.
 */
export function createRateLimitsRepository(db: Queryable) {
  return {
    /** One hit on `key`'s counter in a window of `windowMs`; the hits so far and the time left. */
    async hit(key: string, windowMs: number): Promise<{ hits: number; ttlMs: number }> {
      const row = await one<{ hits: number; ttl_ms: number }>(
        db,
        `insert into rate_limits (key, hits, reset_at)
         values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
         on conflict (key) do update set
           hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
           reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
         returning hits, greatest(0, (extract(epoch from reset_at - now()) * 1000))::int as ttl_ms`,
        [key, windowMs],
      );
      return { hits: row.hits, ttlMs: row.ttl_ms };
    },

    /** Takes back one hit of a window still open (a request the server failed is not counted). */
    async refund(key: string): Promise<void> {
      await db.query(
        'update rate_limits set hits = hits - 1 where key = $1 and hits > 0 and reset_at > now()',
        [key],
      );
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
