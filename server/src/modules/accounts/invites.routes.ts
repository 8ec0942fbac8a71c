import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invitesEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedIn } from '../../plugins/session';
import type { InvitesService } from './invites.service';

/** HTTP only: a listener's invite links, and what an invite link says before signup. */
export const invitesRoutes: FastifyPluginAsyncZod<{ service: InvitesService }> = async (app, { service }) => {
  contractRoute(app, invitesEndpoints.listenerInvites, async (request) =>
    service.listFor(signedIn(request.account)),
  );

  contractRoute(app, invitesEndpoints.invitePreview, async (request) =>
    service.assertOpen(request.params.token),
  );
};
