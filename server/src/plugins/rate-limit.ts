import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { createRateLimitsRepository } from './rate-limits.repository';

/**
 * Rate limits kept in the database rather than in process memory, so two app instances share
 * one count instead of doubling the limit (performance-and-security.md B4).
 * Limits are opt-in per route: a contract entry's policy sets one (`lib/contract-route.ts`).
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { db: Db }) => {
    const counters = createRateLimitsRepository(options.db);
    class DatabaseStore implements FastifyRateLimitStore {
      incr(
        key: string,
        callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
        timeWindow: number,
      ) {
        counters.hit(key, timeWindow).then(
          ({ hits, ttlMs }) => {
            callback(null, { current: hits, ttl: ttlMs });
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

    app.decorate('refundRateLimit', (key: string) => counters.refund(key));

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

declare module 'fastify' {
  interface FastifyInstance {
    /** Gives back one hit of a limit key; absent when rate limits are off. */
    refundRateLimit?: (key: string) => Promise<void>;
  }
}
