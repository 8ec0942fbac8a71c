import type { FastifyInstance } from 'fastify';
import { playerRoutes } from './player.routes';
import { createPlayerService, type PlayerDeps } from './player.service';

export type PlayerModuleDeps = Pick<
  PlayerDeps,
  'db' | 'storage' | 'streamSecret' | 'loyalty' | 'firstListens'
>;

/** The player area: deals and aliases, next track, likes, playback and stream grants. */
export async function registerPlayer(app: FastifyInstance, deps: PlayerModuleDeps): Promise<void> {
  await app.register(playerRoutes, { service: createPlayerService(deps) });
}
