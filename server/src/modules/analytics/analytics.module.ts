import type { FastifyInstance } from 'fastify';
import type { SubscriptionTier, UserRole } from '@klang/domain';
import type { Db } from '../../db/client';
import { registerJobs } from '../../jobs/registry';
import { createAbTestJobKinds, requestAbTestLook } from './ab-tests.jobs';
import { createAbTestsRepository } from './ab-tests.repository';
import { abTestsRoutes } from './ab-tests.routes';
import { createAbTestsService } from './ab-tests.service';
import { createAnalyticsRepository } from './analytics.repository';
import { analyticsRoutes } from './analytics.routes';
import { createAnalyticsService } from './analytics.service';
import { createHooksRepository } from './hooks.repository';
import { hooksRoutes } from './hooks.routes';
import { createHooksService } from './hooks.service';
import { createShareFunnelRepository } from './share-funnel.repository';
import { shareFunnelRoutes } from './share-funnel.routes';
import { createShareFunnel, type ShareFunnelService } from './share-funnel.service';

/**
 * The blind share funnel (decision 0309), made before the areas that record into it: the player
 * counts each step of a share as it happens; `registerAnalytics` serves it to the team.
 */
export function createShareEvents(db: Db): ShareFunnelService {
  return createShareFunnel({ repository: createShareFunnelRepository(db) });
}

/**
 * First-party analytics events, the artist's per-track hook analytics (decision 0200), blind
 * A/B tests (decision 0304), whose figures are the hooks' per version, and the team's share
 * funnel (decision 0309).
 */
export async function registerAnalytics(
  app: FastifyInstance,
  deps: {
    db: Db;
    /** How old a trusted listener is (VERDICT_ACCOUNT_MIN_AGE_HOURS). */ accountMinAgeMs: number;
    /** The account's role and effective tier: tests are part of the plans with the Kit. */
    loadAccess(accountId: string): Promise<{ userType: UserRole; subscriptionTier: SubscriptionTier }>;
    /** The share funnel `createShareEvents` made. */
    shareFunnel: ShareFunnelService;
  },
): Promise<void> {
  await app.register(shareFunnelRoutes, { service: deps.shareFunnel });
  await app.register(analyticsRoutes, {
    service: createAnalyticsService({ repository: createAnalyticsRepository(deps.db) }),
  });
  const hooks = createHooksRepository(deps.db, { accountMinAgeMs: deps.accountMinAgeMs });
  await app.register(hooksRoutes, { service: createHooksService({ repository: hooks }) });
  const abTests = createAbTestsService({
    db: deps.db,
    repository: createAbTestsRepository(deps.db),
    hooks,
    loadAccess: (accountId) => deps.loadAccess(accountId),
  });
  await app.register(abTestsRoutes, { service: abTests });
  registerJobs(app, {
    kinds: createAbTestJobKinds(() => abTests.lookAtRunningTests()),
    periodic: { 'A/B test look': requestAbTestLook },
  });
}
