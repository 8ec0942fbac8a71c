import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountFunctionsEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedIn } from '../../plugins/session';
import type { AccountsService } from './accounts.service';

/**
 * The spec's named functions for accounts (spec 001 §7, spec 000 §7), with the spec's field
 * names. Each one that names a user id acts only on the signed-in user (issue 4 §10).
 */
export const accountFunctionsRoutes: FastifyPluginAsyncZod<{ service: AccountsService }> = async (
  app,
  { service },
) => {
  const { profile, deletion, checkout, signup } = service;

  contractRoute(app, accountFunctionsEndpoints.updateUserProfile, async (request) => {
    const { userId, userMetadata } = request.body;
    await profile.updateProfileMetadata(signedIn(request.account), userId, userMetadata);
    return { success: true as const };
  });

  contractRoute(app, accountFunctionsEndpoints.deleteUserAccount, async (request, reply) => {
    await deletion.deleteAccount(
      signedIn(request.account),
      request.body.user_id,
      request.body.confirmation_text,
    );
    // The sessions went with the account; the cookie goes too.
    await app.endSession(reply, request);
    return { success: true as const };
  });

  contractRoute(app, accountFunctionsEndpoints.clearDemoInteractions, async (request) => {
    await deletion.clearDemoInteractions(signedIn(request.account), request.body.demoUserId);
    return { error: null };
  });

  contractRoute(app, accountFunctionsEndpoints.checkEntitlements, async (request) =>
    checkout.checkEntitlements(signedIn(request.account), request.body.user_id),
  );

  contractRoute(app, accountFunctionsEndpoints.updateUserEmail, async (request) => {
    const { userId, newEmail } = request.body;
    await checkout.replaceTemporaryEmail(signedIn(request.account), userId, newEmail);
    return { success: true as const };
  });

  contractRoute(app, accountFunctionsEndpoints.sendEmail, async (request) =>
    signup.sendWelcome(signedIn(request.account), request.body.to, request.body.data),
  );
};
