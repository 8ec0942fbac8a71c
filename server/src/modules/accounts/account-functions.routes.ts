import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema, entitlementsSchema, usernameSchema } from '@klang/domain';
import type { AccountsService } from './accounts.service';
import { signedIn } from '../../plugins/session';

const userMetadataSchema = z.object({
  email: z.string().optional(),
  username: usernameSchema.optional(),
  artist_name: z.string().trim().max(100).optional(),
  role: z.enum(['artist', 'listener']).optional(),
  bio: z.string().trim().max(1000).nullish(),
  instagram: z.string().trim().max(100).nullish(),
  website: z.string().trim().max(300).nullish(),
  checkout_status: z.string().max(40).optional(),
  is_temporary: z.boolean().optional(),
});

/**
 * The spec's named functions for accounts (spec 001 §7, spec 000 §7), with the spec's field
 * names. Each one that names a user id acts only on the signed-in user (issue 4 §10).
 */
export const accountFunctionsRoutes: FastifyPluginAsyncZod<{ service: AccountsService }> = async (
  app,
  { service },
) => {
  app.post(
    '/functions/v1/update-user-profile',
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['functions'],
        body: z.object({ userId: z.uuid(), userMetadata: userMetadataSchema }),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request) => {
      const { userId, userMetadata } = request.body;
      await service.updateProfileMetadata(signedIn(request.account), userId, userMetadata);
      return { success: true as const };
    },
  );

  app.post(
    '/functions/v1/delete-user-account',
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['functions'],
        body: deleteAccountSchema,
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      await service.deleteAccount(
        signedIn(request.account),
        request.body.user_id,
        request.body.confirmation_text,
      );
      // The sessions went with the account; the cookie goes too.
      await app.endSession(reply, request);
      return { success: true as const };
    },
  );

  app.post(
    '/functions/v1/clear-demo-interactions',
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['functions'],
        body: z.object({ demoUserId: z.uuid() }),
        response: { 200: z.object({ error: z.null() }) },
      },
    },
    async (request) => {
      await service.clearDemoInteractions(signedIn(request.account), request.body.demoUserId);
      return { error: null };
    },
  );

  app.post(
    '/functions/v1/check-entitlements',
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['functions'],
        body: z.object({ user_id: z.uuid() }),
        response: { 200: entitlementsSchema },
      },
    },
    async (request) => service.checkEntitlements(signedIn(request.account), request.body.user_id),
  );

  app.post(
    '/functions/v1/update-user-email',
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['functions'],
        body: z.object({ userId: z.uuid(), newEmail: z.email().max(254) }),
        response: { 200: z.object({ success: z.literal(true) }) },
      },
      // The first step of the artist signup after checkout: the temporary user takes its address.
      config: { allowTemporaryAccount: true },
    },
    async (request) => {
      const { userId, newEmail } = request.body;
      await service.replaceTemporaryEmail(signedIn(request.account), userId, newEmail);
      return { success: true as const };
    },
  );

  app.post(
    '/functions/v1/send-email',
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['functions'],
        body: z.object({
          emailType: z.literal('welcome'),
          to: z.string().max(254),
          data: z.object({ artistName: z.string().max(100), username: z.string().max(32) }).loose(),
        }),
        response: { 200: z.object({ emailId: z.string() }) },
      },
      config: { rateLimit: { max: 5, timeWindow: 60 * 60_000 } },
    },
    async (request) => service.sendWelcome(signedIn(request.account), request.body.to, request.body.data),
  );
};
