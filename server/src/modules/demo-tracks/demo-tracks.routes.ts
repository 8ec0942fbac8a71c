import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoTracksResponseSchema } from '@klang/domain';
import type { createDemoTracksService } from './demo-tracks.service';

export const demoTracksRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createDemoTracksService>;
}> = async (app, { service }) => {
  app.get(
    '/api/demo-tracks',
    {
      schema: {
        tags: ['demo'],
        summary: 'Up to 50 demo tracks for the landing page player, with signed audio URLs',
        response: { 200: demoTracksResponseSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (_request, reply) => {
      // The URLs are signed and expire: a shared cache must not keep them.
      void reply.header('Cache-Control', 'private, max-age=60');
      return { tracks: await service.list() };
    },
  );
};
