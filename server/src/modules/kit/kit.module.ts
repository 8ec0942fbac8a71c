import type { FastifyInstance } from 'fastify';
import { kitRoutes } from './kit.routes';
import { createKitService, type KitServiceDeps } from './kit.service';

export type KitModuleDeps = Pick<KitServiceDeps, 'db' | 'storage' | 'soundFx' | 'tts' | 'loadAccess'>;

/**
 * The Klang Kit: tier gating of every tool call, sound effects, voices, vocals and SoundLab
 * presets (decision 0030). Returns its service: the tutor and the character packs check access
 * through it, and accounts clear the demo account's presets through it.
 */
export async function registerKit(app: FastifyInstance, deps: KitModuleDeps) {
  const service = createKitService({ ...deps, log: app.log });
  await app.register(kitRoutes, { service });
  return { service };
}
