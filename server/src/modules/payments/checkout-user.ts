import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import type { CheckoutService } from './checkout.service';

/**
 * The temporary checkout user (decision 0132): someone signed in checks out as themselves; a
 * visitor gets a new temporary user, bound to this browser by the session made here and removed
 * after a day unless a subscription was opened for it (CheckoutService.createCheckoutUser).
 */
export const checkoutUserRoutes: FastifyPluginAsyncZod<{ service: CheckoutService }> = async (
  app,
  { service },
) => {
  contractRoute(app, paymentsEndpoints.createCheckoutUser, async (request, reply) => {
    if (request.account) return service.checkoutUser(request.account.id);
    const id = await service.createCheckoutUser();
    await app.startSession(reply, request, id);
    return { user_id: id, is_temporary: true };
  });
};
