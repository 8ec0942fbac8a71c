import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createAnalyticsRepository } from './analytics.repository';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';
import { createHooksRepository } from './hooks.repository';
import { hooksRoutes } from './hooks.routes';
import { createHooksService } from './hooks.service';

/** First-party analytics events and the artist's per-track hook analytics (decision 0200). */
export async function registerAnalytics(
  app: FastifyInstance,
  deps: {
    db: Db;
    /** How old a trusted listener is (VERDICT_ACCOUNT_MIN_AGE_HOURS). */ accountMinAgeMs: number;
  },
): Promise<void> {
  await app.register(analyticsRoutes, {
    service: createAnalyticsService({ repository: createAnalyticsRepository(deps.db) }),
  });
  await app.register(hooksRoutes, {
    service: createHooksService({
      repository: createHooksRepository(deps.db, { accountMinAgeMs: deps.accountMinAgeMs }),
    }),
  });
}
