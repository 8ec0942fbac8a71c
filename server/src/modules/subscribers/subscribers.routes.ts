import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UNIQUE_VIOLATION_CODE, UNSUBSCRIBE_MESSAGES, subscribersEndpoints } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import type { createSubscribersService } from './subscribers.service';

/** HTTP only: the spec's register-interest insert and its unsubscribe function, both public. */
export const subscribersRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createSubscribersService>;
}> = async (app, { service }) => {
  contractRoute(app, subscribersEndpoints.registerInterest, async (request, reply) => {
    try {
      await service.register(request.body);
    } catch (error) {
      // The documented contract (spec 000 §8) is PostgreSQL's unique-violation code.
      if (error instanceof AppError && error.code === 'CONFLICT') {
        return reply.status(409).send({ code: UNIQUE_VIOLATION_CODE, message: error.message });
      }
      throw error;
    }
    // Prefer: return=minimal (spec 000 §7): no body.
    return reply.status(201).send(null);
  });

  contractRoute(app, subscribersEndpoints.unsubscribe, async (request) => {
    await service.unsubscribe(request.body.email);
    return { success: true, message: UNSUBSCRIBE_MESSAGES.done };
  });
};
