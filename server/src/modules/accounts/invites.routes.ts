import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitesEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedIn } from '../../plugins/session';
import type { InvitesService } from './invites.service';

/** HTTP only: a listener's invite links, and what an invite link says before signup. */
export const invitesRoutes: FastifyPluginAsyncZod<{ service: InvitesService }> = async (app, { service }) => {
  contractRoute(
    app,
    invitesEndpoints.listenerInvites,
    { preValidation: app.requireSession },
    async (request, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return service.listFor(signedIn(request.account));
    },
  );

  contractRoute(
    app,
    invitesEndpoints.invitePreview,
    // Tokens are 256 random bits; the limit keeps a script from even trying.
    { config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request, reply) => {
      void reply.header('Cache-Control', 'private, no-store');
      return service.assertOpen(request.params.token);
    },
  );
};
