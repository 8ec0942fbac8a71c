import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  UNIQUE_VIOLATION_CODE,
  UNSUBSCRIBE_MESSAGES,
  subscriberInsertSchema,
  unsubscribeRequestSchema,
  unsubscribeResponseSchema,
} from '@klang/domain';
import { AppError } from '../../errors';
import type { createSubscribersService } from './subscribers.service';

const duplicateSchema = z.object({ code: z.literal(UNIQUE_VIOLATION_CODE), message: z.string() });

export const subscribersRoutes: FastifyPluginAsyncZod<{
  service: ReturnType<typeof createSubscribersService>;
}> = async (app, { service }) => {
  app.post(
    '/rest/v1/subscribers',
    {
      schema: {
        tags: ['subscribers'],
        summary: 'Register interest (spec 000 §7); a registered email answers code 23505',
        body: subscriberInsertSchema,
        response: { 201: z.null(), 409: duplicateSchema },
      },
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
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
    },
  );

  app.post(
    '/functions/v1/unsubscribe',
    {
      schema: {
        tags: ['subscribers'],
        summary: 'Stop marketing email to an address (spec 002 §2.11)',
        body: unsubscribeRequestSchema,
        response: { 200: unsubscribeResponseSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
    },
    async (request) => {
      await service.unsubscribe(request.body.email);
      return { success: true, message: UNSUBSCRIBE_MESSAGES.done };
    },
  );
};
