import type { FastifyInstance } from 'fastify';
import { registerJobs } from '../../jobs/registry';
import { createPlayerJobKinds, requestDealMonths, requestFollowDeliveries } from './player.jobs';
import { createBlindNotesService } from './blind-notes.service';
import { createBlindShares, type ShareEvents } from './blind-shares.service';
import { createOfflinePacks } from './offline-packs.service';
import { playerRoutes } from './player.routes';
import { shareCardRoutes } from './share-card.routes';
import { createPlayerService, type PlayerDeps } from './player.service';

export type PlayerModuleDeps = Pick<
  PlayerDeps,
  | 'db'
  | 'storage'
  | 'streamSecret'
  | 'loyalty'
  | 'firstListens'
  | 'radar'
  | 'clock'
  | 'chartTrackAt'
  | 'dealsRetention'
> & {
  publicUrl: string;
  /** The analytics area's share funnel, each step recorded as it happens (decision 0309). */
  shareEvents: ShareEvents;
};

/**
 * The player area: deals and aliases, next track, likes, Blind Notes, offline packs, playback and
 * stream grants, follow deliveries, and the `player.credit-listening`,
 * `player.deliver-to-followers`, `player.prepare-deal-months` and `player.roll-up-deal-months` jobs. Returns
 * what the media area's stream route calls when a grant's audio is first sent.
 */
export async function registerPlayer(app: FastifyInstance, deps: PlayerModuleDeps) {
  const service = createPlayerService(deps);
  const notes = createBlindNotesService(deps);
  const packs = createOfflinePacks({ db: deps.db, player: service, clock: deps.clock });
  const shares = createBlindShares({
    db: deps.db,
    player: service,
    streamSecret: deps.streamSecret,
    publicUrl: deps.publicUrl,
    events: deps.shareEvents,
    clock: deps.clock,
  });
  await app.register(playerRoutes, { service, notes, packs, shares });
  await app.register(shareCardRoutes);
  registerJobs(app, {
    kinds: createPlayerJobKinds({
      credit: (userId) => service.creditDiscoverListening(userId),
      deliver: () => service.deliverToFollowers(),
      prepareDealMonths: () => service.prepareDealMonths(),
      rollUpDealMonths: () => service.rollUpDealMonths(),
    }),
    periodic: { 'follow deliveries': requestFollowDeliveries, 'deal months': requestDealMonths },
  });
  return { streamServed: service.streamServed };
}
