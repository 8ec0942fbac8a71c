import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '@klang/domain';

export const healthRoutes: FastifyPluginAsyncZod<{
  database: HealthResponse['database'];
  providers: HealthResponse['providers'];
}> = async (app, options) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness, database kind and providers',
        response: { 200: healthResponseSchema },
      },
    },
    async () => ({ status: 'ok' as const, database: options.database, providers: options.providers }),
  );
};
