import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loyaltyEndpoints, type LoyaltyCard } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';

/** The loyalty card (spec 001 §2 Modals): the stored row as the server keeps it, no arithmetic here. */
export const loyaltyRoutes: FastifyPluginAsyncZod<{
  /** The user's card (LoyaltyService.card, read outside any caller's transaction). */
  card: (userId: string) => Promise<LoyaltyCard>;
}> = async (app, { card }) => {
  contractRoute(app, loyaltyEndpoints.loyaltyCard, { preValidation: app.requireSession }, async (request) =>
    card(signedInId(request.account)),
  );
};
