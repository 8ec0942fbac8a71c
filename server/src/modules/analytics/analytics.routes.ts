import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsEventSchema } from '@klang/domain';
import type { createAnalyticsService } from './analytics.service';

export const analyticsRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createAnalyticsService>;
}> = async (app, { service }) => {
  app.post(
    '/api/analytics/events',
    {
      schema: {
        tags: ['analytics'],
        summary: 'Record a page view or a signup click',
        body: analyticsEventSchema,
        response: { 204: z.null() },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await service.record(request.body, null);
      return reply.status(204).send(null);
    },
  );
};
