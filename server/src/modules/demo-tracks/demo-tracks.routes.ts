import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoTracksEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import type { createDemoTracksService } from './demo-tracks.service';

export const demoTracksRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createDemoTracksService>;
}> = async (app, { service }) => {
  contractRoute(app, demoTracksEndpoints.demoTracks, async () => ({
    tracks: await service.list(),
  }));

  contractRoute(app, demoTracksEndpoints.revealDemoTrack, async (request) =>
    service.reveal(request.params.id),
  );
};
