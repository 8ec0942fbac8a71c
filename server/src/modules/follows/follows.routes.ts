import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { artistParamsSchema, followStateSchema } from '@klang/domain';
import { signedInId } from '../../plugins/session';
import type { FollowsService } from './follows.service';

export const followsRoutes: FastifyPluginAsyncZod<{ service: FollowsService }> = async (app, { service }) => {
  const schema = { tags: ['follows'], params: artistParamsSchema, response: { 200: followStateSchema } };
  const config = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.post(
    '/api/artists/:artistId/follow',
    { preValidation: app.requireSession, schema, config },
    async (request) => service.follow(signedInId(request.account), request.params.artistId),
  );
  app.delete(
    '/api/artists/:artistId/follow',
    { preValidation: app.requireSession, schema, config },
    async (request) => service.unfollow(signedInId(request.account), request.params.artistId),
  );
};
