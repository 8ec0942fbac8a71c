import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';

/**
 * Rate limits kept in the database rather than in process memory, so two app instances share
 * one count instead of doubling the limit (performance-and-security.md B4).
 * Limits are opt-in per route: `config: { rateLimit: { max, timeWindow } }`.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    const { db } = options;
    class DatabaseStore implements FastifyRateLimitStore {
      incr(
        key: string,
        callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
        timeWindow: number,
      ) {
        db.query<{ hits: number; ttl_ms: number }>(
          `insert into rate_limits (key, hits, reset_at)
           values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
           on conflict (key) do update set
             hits = case when rate_limits.reset_at <= now() then 1 else rate_limits.hits + 1 end,
             reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
           returning hits, greatest(0, (extract(epoch from reset_at - now()) * 1000))::int as ttl_ms`,
          [key, timeWindow],
        ).then(
          (rows) => {
            const row = rows[0];
            callback(null, { current: row?.hits ?? 1, ttl: row?.ttl_ms ?? timeWindow });
          },
          (error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }
      // The plugin hands a child no route information; routes are told apart by the key instead.
      child() {
        return new DatabaseStore();
      }
    }

    app.decorate('refundRateLimit', async (key: string) => {
      await db.query(
        'update rate_limits set hits = hits - 1 where key = $1 and hits > 0 and reset_at > now()',
        [key],
      );
    });

    await app.register(rateLimit, {
      global: false,
      store: DatabaseStore as unknown as NonNullable<Parameters<typeof rateLimit>[1]>['store'],
      // Each route counts on its own; the address is the socket's unless TRUST_PROXY is set.
      keyGenerator: (request) => `${request.method} ${request.routeOptions.url ?? request.url} ${request.ip}`,
      // A failing store must not take the API down with it; the limit is lost for that request.
      skipOnError: true,
    });
  },
  { name: 'rate-limit' },
);

function accountKey(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url} ${request.account?.id ?? request.ip}`;
}

/**
 * A per-account limit for the generation routes (`...limitPerAccount(max)` in the route options).
 * It counts after the session is read (preHandler), so one artist behind a shared address does
 * not starve another; a request without a session counts against its address. A response that
 * failed on Klang's side (5xx: the provider failed) is refunded: a failure costs nothing.
 */
export function limitPerAccount(max: number, timeWindow = '1 minute') {
  return {
    config: {
      rateLimit: { max, timeWindow, hook: 'preHandler' as const, keyGenerator: accountKey },
    },
    async onResponse(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (reply.statusCode >= 500) await this.refundRateLimit?.(accountKey(request));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Gives back one hit of a limit key; absent when rate limits are off. */
    refundRateLimit?: (key: string) => Promise<void>;
  }
}
