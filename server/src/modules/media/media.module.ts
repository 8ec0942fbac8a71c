import type { FastifyInstance } from 'fastify';
import type { StorageProvider } from '../../providers/storage/storage';
import { mediaRoutes, streamRoutes, type StreamServed } from './media.routes';

export interface MediaModuleDeps {
  storage: StorageProvider;
  /** Signs media URLs and seals stream grants. */
  signingSecret: string;
  /** The local storage's directory, served under `/media`; S3 serves its own files. */
  localDir?: string | undefined;
  /** Records that a stream grant's audio was first sent (the player's). */
  streamServed: StreamServed;
  clock?: () => Date;
}

/** Stream grants for every storage, and `/media` signed files for local storage. */
export async function registerMedia(app: FastifyInstance, deps: MediaModuleDeps): Promise<void> {
  const { clock } = deps;
  await app.register(streamRoutes, {
    storage: deps.storage,
    signingSecret: deps.signingSecret,
    served: deps.streamServed,
    ...(clock && { clock: () => clock().getTime() }),
  });
  if (deps.localDir !== undefined) {
    await app.register(mediaRoutes, { dir: deps.localDir, signingSecret: deps.signingSecret });
  }
}
