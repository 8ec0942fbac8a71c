import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loyaltyCardSchema, type LoyaltyCard } from '@klang/domain';
import type { Queryable } from '../../db/client';
import { signedInId } from '../../plugins/session';
import type { LoyaltyService } from './loyalty.service';

/** The loyalty card (spec 001 §2 Modals): the stored row as the server keeps it, no arithmetic here. */
export const loyaltyRoutes: FastifyPluginAsyncZod<{ db: Queryable; loyalty: LoyaltyService }> = async (
  app,
  { db, loyalty },
) => {
  app.get(
    '/api/me/loyalty',
    {
      preValidation: app.requireSession,
      schema: { tags: ['loyalty'], response: { 200: loyaltyCardSchema } },
    },
    async (request): Promise<LoyaltyCard> => {
      return loyalty.card(db, signedInId(request.account));
    },
  );
};
