import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createSubscribersRepository } from './subscribers.repository';
import { subscribersRoutes } from './subscribers.routes';
import { createSubscribersService } from './subscribers.service';

/** The public site's newsletter and register-interest subscribers. */
export async function registerSubscribers(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  await app.register(subscribersRoutes, {
    service: createSubscribersService({ repository: createSubscribersRepository(deps.db) }),
  });
}
