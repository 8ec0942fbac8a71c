import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analyticsEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import type { createAnalyticsService } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createAnalyticsService>;
}> = async (app, { service }) => {
  contractRoute(app, analyticsEndpoints.recordAnalyticsEvent, async (request, reply) => {
    await service.record(request.body, null);
    return reply.status(204).send(null);
  });
};
