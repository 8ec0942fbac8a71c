import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dislikeRequestSchema,
  dislikeResponseSchema,
  leaveRequestSchema,
  likeRequestSchema,
  listeningXpRequestSchema,
  listeningXpResponseSchema,
  nextTrackQuerySchema,
  nextTrackResponseSchema,
  revealSchema,
  secureTrackAccessRequestSchema,
  secureTrackAccessResponseSchema,
  trackParamsSchema,
} from '@klang/domain';
import { signedInId } from '../../plugins/session';
import type { PlayerService } from './player.service';

/** The Discover player's HTTP surface; every rule lives in the service. */
export const playerRoutes: FastifyPluginAsyncZod<{ service: PlayerService }> = async (app, { service }) => {
  const auth = { preValidation: app.requireSession };
  // Deals, grants and reveals are one listener's, once: no cache may keep or share them.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/player/next',
    {
      ...auth,
      schema: {
        tags: ['player'],
        querystring: nextTrackQuerySchema,
        response: { 200: nextTrackResponseSchema },
      },
    },
    async (request) => service.nextTrack(signedInId(request.account), request.query.current ?? null),
  );

  app.post(
    '/api/tracks/:trackId/like',
    {
      ...auth,
      schema: {
        tags: ['player'],
        params: trackParamsSchema,
        body: likeRequestSchema,
        response: { 200: revealSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) =>
      service.like(
        signedInId(request.account),
        request.params.trackId,
        request.body.addToLibrary,
        request.body.positionMs ?? null,
      ),
  );

  app.post(
    '/api/tracks/:trackId/dislike',
    {
      ...auth,
      schema: {
        tags: ['player'],
        params: trackParamsSchema,
        body: dislikeRequestSchema,
        response: { 200: dislikeResponseSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => ({
      pointsAwarded: await service.dislike(
        signedInId(request.account),
        request.params.trackId,
        request.body?.positionMs ?? null,
      ),
    }),
  );

  // The listener left a dealt track unrated (decision 0190): sent as the page hides, so it
  // must be small and need nothing back.
  app.post(
    '/api/tracks/:trackId/leave',
    {
      ...auth,
      schema: {
        tags: ['player'],
        params: trackParamsSchema,
        body: leaveRequestSchema,
        response: { 204: z.null() },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await service.leave(signedInId(request.account), request.params.trackId, request.body.positionMs);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/api/library/:trackId',
    { ...auth, schema: { tags: ['library'], params: trackParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.removeFromLibrary(signedInId(request.account), request.params.trackId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/functions/v1/secure-track-access',
    {
      ...auth,
      schema: {
        tags: ['player'],
        body: secureTrackAccessRequestSchema,
        response: { 200: secureTrackAccessResponseSchema },
      },
      config: { rateLimit: { max: 240, timeWindow: '1 minute' } },
    },
    async (request) => service.secureTrackAccess(signedInId(request.account), request.body),
  );

  app.post(
    '/functions/v1/secure-listening-xp',
    {
      ...auth,
      schema: {
        tags: ['loyalty'],
        body: listeningXpRequestSchema,
        response: { 200: listeningXpResponseSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({
      minutes_awarded: await service.creditListening(
        signedInId(request.account),
        request.body.minutes_listened,
      ),
    }),
  );
};
