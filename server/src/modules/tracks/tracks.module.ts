import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerJobs } from '../../jobs/registry';
import type { CoverArtProvider } from '../../providers/cover-art/cover-art';
import type { StorageProvider } from '../../providers/storage/storage';
import { createTracksJobKinds, createTracksJobRequests } from './tracks.jobs';
import { createTracksRepository } from './tracks.repository';
import { tracksRoutes } from './tracks.routes';
import { createTracksService, type TracksServiceDeps } from './tracks.service';

export interface TracksModuleDeps {
  db: Db;
  storage: StorageProvider;
  coverArt: CoverArtProvider;
  forgetTrack: TracksServiceDeps['forgetTrack'];
}

/**
 * The artist workspace's tracks: streamed uploads, covers, the dashboard (decision 0011), and
 * the `tracks.process`, `tracks.discard-unclaimed`, `tracks.measure-sound` and
 * `tracks.rank-energy` jobs, and the sound backfill's periodic request.
 */
export async function registerTracks(app: FastifyInstance, deps: TracksModuleDeps): Promise<void> {
  const { db, storage } = deps;
  const repository = createTracksRepository(db);
  await app.register(tracksRoutes, {
    service: createTracksService({
      db,
      repository,
      storage,
      coverArt: deps.coverArt,
      log: app.log,
      forgetTrack: deps.forgetTrack,
    }),
  });
  registerJobs(app, {
    kinds: createTracksJobKinds({ db, repository, storage, log: app.log }),
    periodic: createTracksJobRequests({ repository }),
  });
}
