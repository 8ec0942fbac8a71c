import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  artistPageSchema,
  artistParamsSchema,
  artistUrlParamsSchema,
  chartMethodSchema,
  chartQuerySchema,
  chartResponseSchema,
  followedArtistsResponseSchema,
  libraryResponseSchema,
} from '@klang/domain';
import { signedInId } from '../../plugins/session';
import type { CatalogueService } from './catalogue.service';

/**
 * What a listener browses. Every response depends on who asks (masking), so it may be cached by
 * that browser only, and must be checked again before reuse: a like elsewhere changes it.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 200) void reply.header('cache-control', 'private, no-cache');
  });
  const auth = { preValidation: app.requireSession };

  app.get(
    '/api/charts',
    {
      ...auth,
      schema: { tags: ['charts'], querystring: chartQuerySchema, response: { 200: chartResponseSchema } },
    },
    async (request) => service.chart(signedInId(request.account), request.query.genre),
  );

  app.get(
    '/api/library',
    { ...auth, schema: { tags: ['library'], response: { 200: libraryResponseSchema } } },
    async (request) => service.library(signedInId(request.account)),
  );

  // Artist pages are public (a custom URL is shared with people who are not signed in); a
  // visitor without a session sees the profile and every track masked.
  app.get(
    '/api/artists/:artistId',
    { schema: { tags: ['artists'], params: artistParamsSchema, response: { 200: artistPageSchema } } },
    async (request) => service.artistById(request.account?.id ?? null, request.params.artistId),
  );

  app.get(
    '/api/artists/by-url/:artistUrl',
    { schema: { tags: ['artists'], params: artistUrlParamsSchema, response: { 200: artistPageSchema } } },
    async (request) => service.artistByUrl(request.account?.id ?? null, request.params.artistUrl),
  );

  app.get(
    '/api/me/follows',
    { ...auth, schema: { tags: ['follows'], response: { 200: followedArtistsResponseSchema } } },
    async (request) => service.followedArtists(signedInId(request.account)),
  );
};

/**
 * The published chart method (`/charts/method`, issue 19 item 4) is public: the same aggregates
 * for everyone, so any cache may keep them for a minute (the job recomputes every 10 minutes).
 */
export const chartMethodRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  app.get(
    '/api/charts/method',
    { schema: { tags: ['charts'], response: { 200: chartMethodSchema } } },
    async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return service.method();
    },
  );
};
