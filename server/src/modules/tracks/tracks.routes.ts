import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LIMITS, TRACK_MESSAGES, tracksEndpoints } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import { signedIn } from '../../plugins/session';
import type { TracksService } from './tracks.service';

/** The artist's tracks' HTTP surface (spec 001 §5, §7, §9); every rule lives in the service. */
export const tracksRoutes: FastifyPluginAsyncZod<{ service: TracksService }> = async (app, { service }) => {
  // The audio is left as a stream: the service counts it into storage and stops at the limit.
  app.addContentTypeParser([...tracksEndpoints.uploadTrack.body.contentTypes], (_request, payload, done) => {
    done(null, payload);
  });
  app.addContentTypeParser(
    [...tracksEndpoints.uploadCover.body.contentTypes],
    { parseAs: 'buffer', bodyLimit: LIMITS.imageMaxBytes },
    (_request, body, done) => {
      done(null, body);
    },
  );

  contractRoute(app, tracksEndpoints.listTracks, async (request) =>
    service.listTracks(signedIn(request.account)),
  );

  contractRoute(
    app,
    tracksEndpoints.uploadTrack,
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
    {
      // Fastify's own 415 (no body, or a type we do not take) carries its wording; show the spec's.
      errorHandler: (error, request, reply) => {
        const mapped =
          error.statusCode === 415
            ? new AppError('UNSUPPORTED_MEDIA_TYPE', TRACK_MESSAGES.audioInvalid)
            : error;
        app.errorHandler(mapped, request, reply);
      },
    },
  );

  contractRoute(
    app,
    tracksEndpoints.uploadCover,
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', TRACK_MESSAGES.imageInvalid);
      return reply.status(201).send(await service.uploadCover(signedIn(request.account), request.body));
    },
    {
      bodyLimit: LIMITS.imageMaxBytes,
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
  );

  contractRoute(app, tracksEndpoints.generateCoverArt, async (request) =>
    service.generateCover(signedIn(request.account), request.body.prompt, request.body.seed),
  );

  contractRoute(app, tracksEndpoints.setTrackFeatured, async (request) => ({
    track: await service.setFeatured(
      signedIn(request.account),
      request.params.trackId,
      request.body.featured,
    ),
  }));

  contractRoute(app, tracksEndpoints.setTrackSound, async (request) => ({
    track: await service.setSound(signedIn(request.account), request.params.trackId, request.body),
  }));

  contractRoute(app, tracksEndpoints.retryTrack, async (request) => ({
    track: await service.retryTrack(signedIn(request.account), request.params.trackId),
  }));

  contractRoute(app, tracksEndpoints.deleteTrack, async (request, reply) => {
    await service.deleteTrack(signedIn(request.account), request.params.trackId);
    return reply.status(204).send(null);
  });

  contractRoute(app, tracksEndpoints.tracksDashboard, async (request) =>
    service.dashboard(signedIn(request.account)),
  );
};
