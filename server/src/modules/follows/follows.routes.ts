import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, followsEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedIn } from '../../plugins/session';
import { assertNotDemo } from '../accounts/accounts.service';
import type { FollowsService } from './follows.service';

export const followsRoutes: FastifyPluginAsyncZod<{ service: FollowsService }> = async (app, { service }) => {
  const options = {
    preValidation: app.requireSession,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
  };

  contractRoute(app, followsEndpoints.followArtist, options, async (request) => {
    const account = signedIn(request.account);
    assertNotDemo(account, ACCOUNT_MESSAGES.demoFollow);
    return service.follow(account.id, request.params.artistId);
  });
  contractRoute(app, followsEndpoints.unfollowArtist, options, async (request) => {
    // The demo account is shared: its follows stay as seeded for every visitor, either way.
    const account = signedIn(request.account);
    assertNotDemo(account, ACCOUNT_MESSAGES.demoFollow);
    return service.unfollow(account.id, request.params.artistId);
  });
};
