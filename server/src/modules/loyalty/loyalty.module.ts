import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { loyaltyRoutes } from './loyalty.routes';
import { createLoyaltyService } from './loyalty.service';

/**
 * The loyalty area: the K-Points ledger and the loyalty card. Returns its service: accounts
 * award the daily login through it and the player awards track points through it.
 */
export async function registerLoyalty(app: FastifyInstance, deps: { db: Db }) {
  const service = createLoyaltyService();
  await app.register(loyaltyRoutes, { card: (userId) => service.card(deps.db, userId) });
  return { service };
}
