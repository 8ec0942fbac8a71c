import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invitePreviewSchema, listenerInvitesSchema } from '@klang/domain';
import { signedIn } from '../../plugins/session';
import type { InvitesService } from './invites.service';

/** HTTP only: a listener's invite links, and what an invite link says before signup. */
export const invitesRoutes: FastifyPluginAsyncZod<{ service: InvitesService }> = async (app, { service }) => {
  app.get(
    '/api/account/invites',
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['accounts'],
        summary: "The signed-in listener's five invite links and how many are left",
        response: { 200: listenerInvitesSchema },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return service.listFor(signedIn(request.account));
    },
  );

  app.get(
    '/api/invites/:token',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Who an open invite link is from, for the listener signup screen',
        params: z.object({ token: z.string().max(128) }),
        response: { 200: invitePreviewSchema },
      },
      // Tokens are 256 random bits; the limit keeps a script from even trying.
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return service.assertOpen(request.params.token);
    },
  );
};
