import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { demoTrackRevealSchema, demoTracksResponseSchema } from '@klang/domain';
import type { createDemoTracksService } from './demo-tracks.service';

export const demoTracksRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createDemoTracksService>;
}> = async (app, { service }) => {
  app.get(
    '/api/demo-tracks',
    {
      schema: {
        tags: ['demo'],
        summary: 'Up to 50 blind demo tracks for the landing page player: ids and signed audio URLs',
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

  app.post(
    '/api/demo-tracks/:id/reveal',
    {
      schema: {
        tags: ['demo'],
        summary: "A liked demo track's reveal card: title, artist and cover",
        params: z.object({ id: z.uuid() }),
        response: { 200: demoTrackRevealSchema },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return service.reveal(request.params.id);
    },
  );
};
