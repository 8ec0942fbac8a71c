import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loyaltyCardSchema, type LoyaltyCard } from '@klang/domain';
import { signedInId } from '../../plugins/session';

/** The loyalty card (spec 001 §2 Modals): the stored row as the server keeps it, no arithmetic here. */
export const loyaltyRoutes: FastifyPluginAsyncZod<{
  /** The user's card (LoyaltyService.card, read outside any caller's transaction). */
  card: (userId: string) => Promise<LoyaltyCard>;
}> = async (app, { card }) => {
  app.get(
    '/api/me/loyalty',
    {
      preValidation: app.requireSession,
      schema: { tags: ['loyalty'], response: { 200: loyaltyCardSchema } },
    },
    async (request): Promise<LoyaltyCard> => card(signedInId(request.account)),
  );
};
