import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  generatePackImageRequestSchema,
  generatePackImageResponseSchema,
  PACK_MESSAGES,
  PACKS,
  packParamsSchema,
  packPhotoParamsSchema,
  packPhotoSchema,
  packResponseSchema,
  packResultParamsSchema,
  packResultsResponseSchema,
  packsResponseSchema,
  trainPackRequestSchema,
  trainPackResponseSchema,
} from '@klang/domain';
import { AppError } from '../../errors';
import { limitPerAccount } from '../../plugins/rate-limit';
import { signedIn } from '../../plugins/session';
import type { KlangPacksService } from './klang-packs.service';

/** Training photos arrive as the raw file; the server decodes it, whatever type is declared. */
const PHOTO_BODY_TYPES = ['image/jpeg', 'image/png', 'application/octet-stream'];

/** Character packs' HTTP surface (spec 002 §7): the named functions and the owner's resources. */
export const klangPacksRoutes: FastifyPluginAsyncZod<{ service: KlangPacksService }> = async (
  app,
  { service },
) => {
  app.addContentTypeParser(
    PHOTO_BODY_TYPES,
    { parseAs: 'buffer', bodyLimit: PACKS.imageMaxBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );
  const auth = { preValidation: app.requireSession };
  const tags = ['klang-packs'];

  app.post(
    '/api/klang-packs/photos',
    {
      ...auth,
      schema: { tags, response: { 201: packPhotoSchema } },
      bodyLimit: PACKS.imageMaxBytes,
      // 70 photos per pack, a few packs an hour.
      ...limitPerAccount(PACKS.imagesMax * 4, '1 hour'),
      errorHandler: (error, request, reply) => {
        const mapped =
          error.statusCode === 413
            ? new AppError('PAYLOAD_TOO_LARGE', PACK_MESSAGES.photoTooLarge)
            : error.statusCode === 415
              ? new AppError('UNSUPPORTED_MEDIA_TYPE', PACK_MESSAGES.photoInvalid)
              : error;
        app.errorHandler(mapped, request, reply);
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', PACK_MESSAGES.photoInvalid);
      return reply.status(201).send(await service.uploadPhoto(request.account, request.body));
    },
  );

  app.get(
    '/api/klang-packs/photos/:photoId',
    { ...auth, schema: { tags, params: packPhotoParamsSchema } },
    async (request, reply) => {
      const url = await service.photoUrl(signedIn(request.account), request.params.photoId);
      return reply.header('Cache-Control', 'private, no-store').redirect(url, 302);
    },
  );

  app.post(
    '/functions/v1/train-klang-pack',
    {
      schema: { tags, body: trainPackRequestSchema, response: { 200: trainPackResponseSchema } },
      ...limitPerAccount(10, '1 hour'),
    },
    async (request) => service.train(request.account, request.body),
  );

  app.post(
    '/functions/v1/generate-klang-image',
    {
      schema: {
        tags,
        body: generatePackImageRequestSchema,
        response: { 200: generatePackImageResponseSchema },
      },
      ...limitPerAccount(20, '1 minute'),
    },
    async (request) => service.generate(request.account, request.body),
  );

  app.get(
    '/api/klang-packs',
    { ...auth, schema: { tags, response: { 200: packsResponseSchema } } },
    async (request) => ({ packs: await service.listPacks(signedIn(request.account)) }),
  );

  app.get(
    '/api/klang-packs/:packId',
    { ...auth, schema: { tags, params: packParamsSchema, response: { 200: packResponseSchema } } },
    async (request) => ({ pack: await service.getPack(signedIn(request.account), request.params.packId) }),
  );

  app.delete(
    '/api/klang-packs/:packId',
    { ...auth, schema: { tags, params: packParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deletePack(signedIn(request.account), request.params.packId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/klang-packs/:packId/results',
    { ...auth, schema: { tags, params: packParamsSchema, response: { 200: packResultsResponseSchema } } },
    async (request) => ({
      results: await service.listResults(signedIn(request.account), request.params.packId),
    }),
  );

  app.delete(
    '/api/klang-packs/:packId/results/:resultId',
    { ...auth, schema: { tags, params: packResultParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      await service.deleteResult(signedIn(request.account), request.params.packId, request.params.resultId);
      return reply.status(204).send(null);
    },
  );
};
