import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import type { ShareFunnelService } from './share-funnel.service';

/** The team's share funnel (decision 0309): a signed-in admin only, never cached. */
export const shareFunnelRoutes: FastifyPluginAsyncZod<{ service: ShareFunnelService }> = async (
  app,
  { service },
) => {
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });
  contractRoute(
    app,
    adminEndpoints.shareFunnel,
    { preValidation: app.requireSession, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => service.funnel(signedInId(request.account), request.query.days),
  );
};
