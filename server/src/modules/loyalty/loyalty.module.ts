import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { loyaltyRoutes } from './loyalty.routes';
import { createLoyaltyService } from './loyalty.service';

/**
 * The loyalty area: the K-Points ledger, the loyalty card and the daily-login award. Returns its
 * service: the player awards track points through it.
 */
export async function registerLoyalty(app: FastifyInstance, deps: { db: Db }) {
  const service = createLoyaltyService();
  await app.register(loyaltyRoutes, {
    card: (userId) => service.card(deps.db, userId),
    dailyLogin: (userId) => deps.db.transaction((tx) => service.recordDailyLogin(tx, userId)),
  });
  return { service };
}
