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
  const auth = { preValidation: app.requireSession };
  const ratingLimit = { config: { rateLimit: { max: 120, timeWindow: '1 minute' } } };
  // The taste's door and reset each re-read the listener's deals: a person taps them, a script
  // looping on them would only spend the database.
  const tasteLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  // Deals, grants and reveals are one listener's, once: no cache may keep or share them.
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  // A person deals a track every few seconds; a filter no track matches makes the deal scan the
  // deck, so a script asking for impossible filters in a loop is held to a person's pace.
  const dealLimit = { config: { rateLimit: { max: 240, timeWindow: '1 minute' } } };
  contractRoute(app, playerEndpoints.nextTrack, { ...auth, ...dealLimit }, async (request) => {
    const { current, surprise, ...filters } = request.query;
    return service.nextTrack(signedInId(request.account), current ?? null, filters, surprise ?? false);
  });

  // A chart's blind play is a deal too, held to the same pace.
  contractRoute(app, playerEndpoints.chartDeal, { ...auth, ...dealLimit }, async (request) =>
    service.chartDeal(signedInId(request.account), request.body.genre, request.body.position),
  );

  contractRoute(app, playerEndpoints.taste, auth, async (request) =>
    service.taste(signedInId(request.account)),
  );

  contractRoute(app, playerEndpoints.setDoorGenres, { ...auth, ...tasteLimit }, async (request) =>
    service.setDoorGenres(signedInId(request.account), request.body.genres),
  );

  contractRoute(app, playerEndpoints.resetTaste, { ...auth, ...tasteLimit }, async (request) =>
    service.resetTaste(signedInId(request.account)),
  );

  contractRoute(app, playerEndpoints.likeTrack, { ...auth, ...ratingLimit }, async (request) =>
    service.like(
      signedInId(request.account),
      request.params.trackId,
      request.body.addToLibrary,
      request.body.positionMs ?? null,
    ),
  );

  contractRoute(app, playerEndpoints.dislikeTrack, { ...auth, ...ratingLimit }, async (request) => ({
    pointsAwarded: await service.dislike(
      signedInId(request.account),
      request.params.trackId,
      request.body?.positionMs ?? null,
    ),
  }));

  // The listener left a dealt track unrated (decision 0190): sent as the page hides, so it
  // must be small and need nothing back.
  contractRoute(app, playerEndpoints.leaveTrack, { ...auth, ...ratingLimit }, async (request, reply) => {
    await service.leave(signedInId(request.account), request.params.trackId, request.body.positionMs);
    return reply.status(204).send(null);
  });

  // Blind Notes (decision 0302): a person gives a reason after some skips and marks a moment now
  // and then; a script tapping them is held well below a person's pace of ratings.
  const noteLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  contractRoute(app, playerEndpoints.skipReason, { ...auth, ...noteLimit }, async (request) =>
    notes.skipReason(signedInId(request.account), request.params.trackId, request.body.reason),
  );

  contractRoute(app, playerEndpoints.markMoment, { ...auth, ...noteLimit }, async (request) =>
    notes.markMoment(signedInId(request.account), request.params.trackId, request.body.positionMs),
  );

  // An offline pack (decision 0305) deals up to twenty tracks at once: a person saves one before a
  // journey, not dozens an hour. Its sync rates up to twenty deals, and is retried after a lost
  // answer, so it is held to a few a minute.
  const packLimit = { config: { rateLimit: { max: 6, timeWindow: '1 hour' } } };
  contractRoute(app, playerEndpoints.dealOfflinePack, { ...auth, ...packLimit }, async (request) =>
    packs.deal(signedInId(request.account), request.body.size),
  );

  contractRoute(app, playerEndpoints.syncOfflinePack, { ...auth, ...noteLimit }, async (request) =>
    packs.sync(signedInId(request.account), request.params.packId, request.body.verdicts),
  );

  // Blind shares (decision 0307). Sharing is a person's gesture after a like; opening a link is
  // public and names nothing, held to a pace that makes guessing tokens pointless on top of their
  // 128 random bits; its deal is a deal, at the deck's pace.
  const shareLimit = { config: { rateLimit: { max: 30, timeWindow: '1 hour' } } };
  const openLimit = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
  contractRoute(app, playerEndpoints.createShare, { ...auth, ...shareLimit }, async (request) =>
    shares.share(signedInId(request.account), request.body.trackId),
  );
  contractRoute(app, playerEndpoints.sharedTrack, openLimit, async (request) =>
    shares.open(request.params.token),
  );
  // A preview is a few hundred kilobytes read from storage: a visitor plays it a few times, a
  // script looping on it would only spend the disk.
  contractRoute(
    app,
    playerEndpoints.sharePreview,
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => shares.preview(request.params.token),
  );
  // oEmbed is asked by a blog's editor or a chat's link unfurler, a few times per link posted.
  contractRoute(app, playerEndpoints.shareOembed, openLimit, async (request) => shares.oembed(request.query));
  contractRoute(app, playerEndpoints.shareDeal, { ...auth, ...dealLimit }, async (request) =>
    shares.deal(signedInId(request.account), request.params.token),
  );

  contractRoute(app, playerEndpoints.removeFromLibrary, auth, async (request, reply) => {
    await service.removeFromLibrary(signedInId(request.account), request.params.trackId);
    return reply.status(204).send(null);
  });

  contractRoute(
    app,
    playerEndpoints.secureTrackAccess,
    { ...auth, config: { rateLimit: { max: 240, timeWindow: '1 minute' } } },
    async (request) => service.secureTrackAccess(signedInId(request.account), request.body),
  );

  contractRoute(
    app,
    playerEndpoints.secureListeningXp,
    { ...auth, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => ({
      minutes_awarded: await service.creditListening(
        signedInId(request.account),
        request.body.minutes_listened,
      ),
    }),
  );
};
