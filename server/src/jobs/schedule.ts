import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../db/client';

/** Enqueues a periodic job for the period `at` falls in, with the period in its dedupe key. */
export type JobRequest = (db: Queryable, at: Date) => Promise<void>;

/**
 * Makes every request at start and then every `intervalMs` (10 minutes). Each request's dedupe
 * key names its period (the day), so every instance may ask as often as it likes and one job runs
 * per period; a new day is noticed within the interval.
 */
export function scheduleJobRequests(options: {
  db: Db;
  log: FastifyBaseLogger;
  requests: Record<string, JobRequest>;
  intervalMs?: number;
  clock?: () => Date;
}): { stop: () => void } {
  const clock = options.clock ?? (() => new Date());
  const ask = () => {
    const at = clock();
    for (const [name, request] of Object.entries(options.requests)) {
      request(options.db, at).catch((error: unknown) => {
        options.log.warn({ err: error }, `could not queue the ${name}`);
      });
    }
  };
  ask();
  const timer = setInterval(ask, options.intervalMs ?? 10 * 60_000);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
    },
  };
}
