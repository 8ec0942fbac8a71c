import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import type { ShareFunnelService } from './share-funnel.service';

/** The team's share funnel (decision 0309): its entry admits the team only, and no cache. */
export const shareFunnelRoutes: FastifyPluginAsyncZod<{ service: ShareFunnelService }> = async (
  app,
  { service },
) => {
  contractRoute(app, adminEndpoints.shareFunnel, async (request) => service.funnel(request.query.days));
};
