import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  artistTrackParamsSchema,
  artistTracksResponseSchema,
  coverArtResultSchema,
  dashboardStatsSchema,
  featureTrackRequestSchema,
  generateCoverArtRequestSchema,
  LIMITS,
  TRACK_MESSAGES,
  uploadTrackQuerySchema,
  uploadTrackResponseSchema,
} from '@klang/domain';
import { AppError } from '../../errors';
import { signedIn } from '../../plugins/session';
import type { TracksService } from './tracks.service';

/** What the upload screen sends the audio as; the content decides, never the declared type. */
const AUDIO_BODY_TYPES = ['application/octet-stream', ...LIMITS.audioMimeTypes, 'video/mp4'];
const IMAGE_BODY_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];

/** The artist workspace's HTTP surface (spec 001 §5, §7); every rule lives in the service. */
export const tracksRoutes: FastifyPluginAsyncZod<{ service: TracksService }> = async (app, { service }) => {
  // The audio is left as a stream: the service counts it into storage and stops at the limit.
  app.addContentTypeParser(AUDIO_BODY_TYPES, (_request, payload, done) => {
    done(null, payload);
  });
  app.addContentTypeParser(
    IMAGE_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: LIMITS.imageMaxBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );
  const auth = { preValidation: app.requireSession };
  const tags = ['tracks'];

  app.get(
    '/api/artist/tracks',
    { ...auth, schema: { tags, response: { 200: artistTracksResponseSchema } } },
    async (request) => service.listTracks(signedIn(request.account)),
  );

  app.post(
    '/api/artist/tracks',
    {
      ...auth,
      schema: { tags, querystring: uploadTrackQuerySchema, response: { 201: uploadTrackResponseSchema } },
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      // Fastify's own 415 (no body, or a type we do not take) carries its wording; show the spec's.
      errorHandler: (error, request, reply) => {
        const mapped =
          error.statusCode === 415
            ? new AppError('UNSUPPORTED_MEDIA_TYPE', TRACK_MESSAGES.audioInvalid)
            : error;
        app.errorHandler(mapped, request, reply);
      },
    },
    async (request, reply) => {
      const body = request.body as Readable | undefined;
      if (!body || typeof body.pipe !== 'function')
        throw new AppError('VALIDATION_FAILED', TRACK_MESSAGES.audioRequired);
      const declared = request.headers['content-length'];
      const track = await service.uploadTrack(
        signedIn(request.account),
        request.query,
        body,
        declared === undefined ? undefined : Number(declared),
      );
      return reply.status(201).send({ track });
    },
  );

  app.post(
    '/api/artist/covers',
    {
      ...auth,
      schema: { tags, response: { 201: coverArtResultSchema } },
      bodyLimit: LIMITS.imageMaxBytes,
      config: { rateLimit: { max: 30, timeWindow: 15 * 60_000 } },
      errorHandler: (error, request, reply) => {
        const mapped =
          error.statusCode === 413
            ? new AppError('PAYLOAD_TOO_LARGE', TRACK_MESSAGES.imageTooLarge)
            : error.statusCode === 415
              ? new AppError('UNSUPPORTED_MEDIA_TYPE', TRACK_MESSAGES.imageInvalid)
              : error;
        app.errorHandler(mapped, request, reply);
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', TRACK_MESSAGES.imageInvalid);
      return reply.status(201).send(await service.uploadCover(signedIn(request.account), request.body));
    },
  );

  app.post(
    '/functions/v1/generate-cover-art',
    {
      ...auth,
      schema: { tags, body: generateCoverArtRequestSchema, response: { 200: coverArtResultSchema } },
      config: { rateLimit: { max: 20, timeWindow: 15 * 60_000 } },
    },
    async (request) =>
      service.generateCover(signedIn(request.account), request.body.prompt, request.body.seed),
  );

  app.put(
    '/api/artist/tracks/:trackId/featured',
    {
      ...auth,
      schema: {
        tags,
        params: artistTrackParamsSchema,
        body: featureTrackRequestSchema,
        response: { 200: uploadTrackResponseSchema },
      },
    },
    async (request) => ({
      track: await service.setFeatured(
        signedIn(request.account),
        request.params.trackId,
        request.body.featured,
      ),
    }),
  );

  app.post(
    '/api/artist/tracks/:trackId/retry',
    {
      ...auth,
      schema: { tags, params: artistTrackParamsSchema, response: { 200: uploadTrackResponseSchema } },
    },
    async (request) => ({
      track: await service.retryTrack(signedIn(request.account), request.params.trackId),
    }),
  );

  app.delete(
    '/api/artist/tracks/:trackId',
    { ...auth, schema: { tags, params: artistTrackParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deleteTrack(signedIn(request.account), request.params.trackId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/artist/dashboard',
    { ...auth, schema: { tags, response: { 200: dashboardStatsSchema } } },
    async (request) => service.dashboard(signedIn(request.account)),
  );
};
