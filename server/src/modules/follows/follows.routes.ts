import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, artistParamsSchema, followStateSchema } from '@klang/domain';
import { signedIn } from '../../plugins/session';
import { assertNotDemo } from '../accounts/accounts.service';
import type { FollowsService } from './follows.service';

export const followsRoutes: FastifyPluginAsyncZod<{ service: FollowsService }> = async (app, { service }) => {
  const schema = { tags: ['follows'], params: artistParamsSchema, response: { 200: followStateSchema } };
  const config = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.post(
    '/api/artists/:artistId/follow',
    { preValidation: app.requireSession, schema, config },
    async (request) => {
      const account = signedIn(request.account);
      assertNotDemo(account, ACCOUNT_MESSAGES.demoFollow);
      return service.follow(account.id, request.params.artistId);
    },
  );
  app.delete(
    '/api/artists/:artistId/follow',
    { preValidation: app.requireSession, schema, config },
    async (request) => {
      // The demo account is shared: its follows stay as seeded for every visitor, either way.
      const account = signedIn(request.account);
      assertNotDemo(account, ACCOUNT_MESSAGES.demoFollow);
      return service.unfollow(account.id, request.params.artistId);
    },
  );
};
