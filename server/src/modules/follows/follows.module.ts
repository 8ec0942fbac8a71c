import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { followsRoutes } from './follows.routes';
import { createFollowsService } from './follows.service';

/** The follows area: following and unfollowing artists. */
export async function registerFollows(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  await app.register(followsRoutes, { service: createFollowsService({ db: deps.db }) });
}
