import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/storage';
import { createDemoTracksRepository } from './demo-tracks.repository';
import { demoTracksRoutes } from './demo-tracks.routes';
import { createDemoTracksService } from './demo-tracks.service';

/** The landing page's blind demo tracks, revealed on a like (decision 0121). */
export async function registerDemoTracks(
  app: FastifyInstance,
  deps: { db: Db; storage: StorageProvider },
): Promise<void> {
  await app.register(demoTracksRoutes, {
    service: createDemoTracksService({
      repository: createDemoTracksRepository(deps.db),
      storage: deps.storage,
    }),
  });
}
