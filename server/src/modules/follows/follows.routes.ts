import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followsEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import type { FollowsService } from './follows.service';

export const followsRoutes: FastifyPluginAsyncZod<{ service: FollowsService }> = async (app, { service }) => {
  contractRoute(app, followsEndpoints.followArtist, async (request) =>
    service.follow(signedInId(request.account), request.params.artistId),
  );
  contractRoute(app, followsEndpoints.unfollowArtist, async (request) =>
    service.unfollow(signedInId(request.account), request.params.artistId),
  );
};
