import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { shareCardPng } from './share-card-image';

/** The share links' preview picture (decision 0308): public and the same for every link. */
export const shareCardRoutes: FastifyPluginAsyncZod = async (app) => {
  contractRoute(app, playerEndpoints.shareCardImage, async (_request, reply) =>
    reply
      .header('content-type', 'image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await shareCardPng()),
  );
};
