import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { playerEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import type { BlindNotesService } from './blind-notes.service';
import type { BlindShares } from './blind-shares.service';
import type { OfflinePacks } from './offline-packs.service';
import type { PlayerService } from './player.service';

/** The Discover player's HTTP surface; every rule lives in the services. */
export const playerRoutes: FastifyPluginAsyncZod<{
  service: PlayerService;
  notes: BlindNotesService;
  packs: OfflinePacks;
  shares: BlindShares;
}> = async (app, { service, notes, packs, shares }) => {
  contractRoute(app, playerEndpoints.nextTrack, async (request) => {
    const { current, surprise, ...filters } = request.query;
    return service.nextTrack(signedInId(request.account), current ?? null, filters, surprise ?? false);
  });

  contractRoute(app, playerEndpoints.chartDeal, async (request) =>
    service.chartDeal(signedInId(request.account), request.body.genre, request.body.position),
  );

  contractRoute(app, playerEndpoints.taste, async (request) => service.taste(signedInId(request.account)));

  contractRoute(app, playerEndpoints.setDoorGenres, async (request) =>
    service.setDoorGenres(signedInId(request.account), request.body.genres),
  );

  contractRoute(app, playerEndpoints.resetTaste, async (request) =>
    service.resetTaste(signedInId(request.account)),
  );

  contractRoute(app, playerEndpoints.likeTrack, async (request) =>
    service.like(
      signedInId(request.account),
      request.params.trackId,
      request.body.addToLibrary,
      request.body.positionMs ?? null,
    ),
  );

  contractRoute(app, playerEndpoints.dislikeTrack, async (request) => ({
    pointsAwarded: await service.dislike(
      signedInId(request.account),
      request.params.trackId,
      request.body?.positionMs ?? null,
    ),
  }));

  // The listener left a dealt track unrated (decision 0190): sent as the page hides, so it
  // must be small and need nothing back.
  contractRoute(app, playerEndpoints.leaveTrack, async (request, reply) => {
    await service.leave(signedInId(request.account), request.params.trackId, request.body.positionMs);
    return reply.status(204).send(null);
  });

  contractRoute(app, playerEndpoints.skipReason, async (request) =>
    notes.skipReason(signedInId(request.account), request.params.trackId, request.body.reason),
  );

  contractRoute(app, playerEndpoints.markMoment, async (request) =>
    notes.markMoment(signedInId(request.account), request.params.trackId, request.body.positionMs),
  );

  contractRoute(app, playerEndpoints.dealOfflinePack, async (request) =>
    packs.deal(signedInId(request.account), request.body.size),
  );

  contractRoute(app, playerEndpoints.syncOfflinePack, async (request) =>
    packs.sync(signedInId(request.account), request.params.packId, request.body.verdicts),
  );

  // Blind shares (decision 0307).
  contractRoute(app, playerEndpoints.createShare, async (request) =>
    shares.share(signedInId(request.account), request.body.trackId),
  );
  contractRoute(app, playerEndpoints.sharedTrack, async (request) => shares.open(request.params.token));
  contractRoute(app, playerEndpoints.sharePreview, async (request) => shares.preview(request.params.token));
  contractRoute(app, playerEndpoints.shareOembed, async (request) => shares.oembed(request.query));
  contractRoute(app, playerEndpoints.shareDeal, async (request) =>
    shares.deal(signedInId(request.account), request.params.token),
  );

  contractRoute(app, playerEndpoints.removeFromLibrary, async (request, reply) => {
    await service.removeFromLibrary(signedInId(request.account), request.params.trackId);
    return reply.status(204).send(null);
  });

  contractRoute(app, playerEndpoints.secureTrackAccess, async (request) =>
    service.secureTrackAccess(signedInId(request.account), request.body),
  );

  contractRoute(app, playerEndpoints.secureListeningXp, async (request) => ({
    minutes_awarded: await service.creditListening(
      signedInId(request.account),
      request.body.minutes_listened,
    ),
  }));
};
