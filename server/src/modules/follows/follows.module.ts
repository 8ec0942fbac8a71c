import type { FastifyInstance } from 'fastify';
import { registerJobs } from '../../jobs/registry';
import { createFollowsJobKinds, requestFollowDigests } from './follows.jobs';
import { followsRoutes } from './follows.routes';
import { createFollowsService, type FollowsDeps } from './follows.service';

/**
 * The follows area: following and unfollowing artists, and the weekly digest of the new blind
 * tracks waiting for a follower (`follows.send-digests`, decision 0306).
 */
export async function registerFollows(app: FastifyInstance, deps: Omit<FollowsDeps, 'log'>): Promise<void> {
  const service = createFollowsService({ ...deps, log: app.log });
  await app.register(followsRoutes, { service });
  registerJobs(app, {
    kinds: createFollowsJobKinds(() => service.sendDigests()),
    periodic: { 'follow digests': requestFollowDigests },
  });
}
