import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loyaltyEndpoints, type LoyaltyCard } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';

/**
 * The loyalty card (spec 001 §2 Modals): the stored row as the server keeps it, no arithmetic here;
 * and the day's first login, whose points the ledger awards once per UTC day (spec 002 §4).
 */
export const loyaltyRoutes: FastifyPluginAsyncZod<{
  /** The user's card (LoyaltyService.card, read outside any caller's transaction). */
  card: (userId: string) => Promise<LoyaltyCard>;
  /** The day's first login's points, once per UTC day (LoyaltyService.recordDailyLogin, in its own transaction). */
  dailyLogin: (userId: string) => Promise<number>;
}> = async (app, { card, dailyLogin }) => {
  contractRoute(app, loyaltyEndpoints.loyaltyCard, async (request) => card(signedInId(request.account)));

  contractRoute(app, loyaltyEndpoints.dailyLogin, async (request) => ({
    xpAwarded: await dailyLogin(signedInId(request.account)),
  }));
};
