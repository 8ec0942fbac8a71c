import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoTracksEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import type { createDemoTracksService } from './demo-tracks.service';

export const demoTracksRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createDemoTracksService>;
}> = async (app, { service }) => {
  const config = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  contractRoute(app, demoTracksEndpoints.demoTracks, { config }, async (_request, reply) => {
    // The URLs are signed and expire: a shared cache must not keep them.
    void reply.header('Cache-Control', 'private, max-age=60');
    return { tracks: await service.list() };
  });

  contractRoute(app, demoTracksEndpoints.revealDemoTrack, { config }, async (request, reply) => {
    void reply.header('Cache-Control', 'private, no-store');
    return service.reveal(request.params.id);
  });
};
