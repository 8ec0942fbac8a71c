import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { klangPacksEndpoints, PACK_MESSAGES, PACKS } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import { signedIn } from '../../plugins/session';
import type { KlangPacksService } from './klang-packs.service';

const endpoints = klangPacksEndpoints;

/** Character packs' HTTP surface (spec 002 §7), from its contract table: the named functions and the owner's resources. */
export const klangPacksRoutes: FastifyPluginAsyncZod<{ service: KlangPacksService }> = async (
  app,
  { service },
) => {
  // Training photos arrive as the raw file, of a type the entry declares (anything else is refused
  // before this reads it); the server decodes it, whatever type is declared.
  app.addContentTypeParser(
    [...endpoints.uploadPackPhoto.body.contentTypes],
    { parseAs: 'buffer', bodyLimit: PACKS.imageMaxBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );

  contractRoute(
    app,
    endpoints.uploadPackPhoto,
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', PACK_MESSAGES.photoInvalid);
      return reply.status(201).send(await service.uploadPhoto(request.account, request.body));
    },
    {
      bodyLimit: PACKS.imageMaxBytes,
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
  );

  contractRoute(app, endpoints.packPhoto, async (request, reply) => {
    const url = await service.photoUrl(signedIn(request.account), request.params.photoId);
    return reply.redirect(url, 302);
  });

  contractRoute(app, endpoints.trainKlangPack, async (request) =>
    service.train(request.account, request.body),
  );

  contractRoute(app, endpoints.generateKlangImage, async (request) =>
    service.generate(request.account, request.body),
  );

  contractRoute(app, endpoints.klangPacks, async (request) => ({
    packs: await service.listPacks(signedIn(request.account)),
  }));

  contractRoute(app, endpoints.klangPack, async (request) => ({
    pack: await service.getPack(signedIn(request.account), request.params.packId),
  }));

  contractRoute(app, endpoints.deleteKlangPack, async (request, reply) => {
    await service.deletePack(signedIn(request.account), request.params.packId);
    return reply.status(204).send(null);
  });

  contractRoute(app, endpoints.packResults, async (request) => ({
    results: await service.listResults(signedIn(request.account), request.params.packId),
  }));

  contractRoute(app, endpoints.deletePackResult, async (request, reply) => {
    await service.deleteResult(signedIn(request.account), request.params.packId, request.params.resultId);
    return reply.status(204).send(null);
  });
};
