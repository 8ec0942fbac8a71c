import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loyaltyEndpoints } from '@klang/domain';
import type { Queryable } from '../../db/client';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import type { LoyaltyService } from './loyalty.service';

/** The loyalty card (spec 001 §2 Modals): the stored row as the server keeps it, no arithmetic here. */
export const loyaltyRoutes: FastifyPluginAsyncZod<{ db: Queryable; loyalty: LoyaltyService }> = async (
  app,
  { db, loyalty },
) => {
  contractRoute(app, loyaltyEndpoints.loyaltyCard, { preValidation: app.requireSession }, async (request) =>
    loyalty.card(db, signedInId(request.account)),
  );
};
