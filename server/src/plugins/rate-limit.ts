import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { createRateLimitsRepository } from './rate-limits.repository';

/**
 * Rate limits kept in the database rather than in process memory, so two app instances share
 * one count instead of doubling the limit (performance-and-security.md B4).
 * Limits are opt-in per route: `config: { rateLimit: { max, timeWindow } }`.
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
