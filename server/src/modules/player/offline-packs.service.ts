import { randomUUID } from 'node:crypto';
import {
  LIMITS,
  OFFLINE_PACK_MESSAGES,
  OFFLINE_PACK_RULES,
  type OfflinePack,
  type OfflinePackSyncResult,
  type OfflinePackVerdict,
} from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requestListeningCredit } from './player.jobs';
import { createPlayerRepository, type PackDeal } from './player.repository';
import type { PlayerService } from './player.service';

const LIFETIME_MS = OFFLINE_PACK_RULES.lifetimeHours * 3600_000;

/**
 * The offline discovery pack (issue 32 item 3, decision 0305). A pack is `size` deals of the
 * live deck, dealt one after another as Discover deals them (the fair deck, the radar), each put
 * in the pack before the next is dealt so that none repeats, and each granted for download now.
 * Played offline, its verdicts come back together; only then, and only within the pack's
 * lifetime, are its deals rated, and only then is a liked track revealed.
 *
 * The device's word is bounded as the server's own observation bounds a live deal: a verdict's
 * position is at most the track's length and the wall clock since its audio was sent, and all of
 * a pack's positions together at most the wall clock since the pack's audio was first sent. Ten
 * tracks downloaded at once cannot claim ten times the listening a person could have done since.
 */
export function createOfflinePacks(deps: { db: Db; player: PlayerService; clock?: () => Date }) {
  const { db, player } = deps;
  const now = deps.clock ?? (() => new Date());

  /** What is left of a pack's wall clock once the positions of its rated deals are spent. */
  function allowanceMs(deals: PackDeal[], at: Date): number {
    const served = deals
      .map((deal) => deal.first_served_at?.getTime())
      .filter((time): time is number => time !== undefined);
    if (served.length === 0) return 0;
    const spent = deals.reduce((sum, deal) => sum + (deal.end_position_ms ?? 0), 0);
    return Math.max(0, at.getTime() - Math.min(...served) - spent);
  }

  return {
    /**
     * Deals a pack of up to `size` blind tracks: fewer when the deck runs out, none when the
     * listener has heard it all. Each track comes with a grant to download its audio now; the
     * download is the deal's serve.
     */
    async deal(userId: string, size: number): Promise<OfflinePack> {
      const packId = randomUUID();
      const dealtAt = now();
      const tracks: OfflinePack['tracks'] = [];
      while (tracks.length < size) {
        const next = await player.nextTrack(userId, null);
        if (next.state !== 'track') break;
        await createPlayerRepository(db).putInPack(userId, next.track.id, packId);
        const { signedUrl } = await player.secureTrackAccess(userId, {
          trackId: next.track.id,
          purpose: 'playback',
          duration: LIMITS.secureUrlMaxSeconds,
        });
        tracks.push({ ...next.track, url: signedUrl });
      }
      return {
        id: packId,
        expiresAt: new Date(dealtAt.getTime() + LIFETIME_MS).toISOString(),
        tracks,
      };
    },

    /**
     * Rates what the listener played of a pack offline, in play order, and reveals what they
     * liked. A verdict of a deal the pack already rated answers as it did (a lost answer is
     * retried); a track that is not the pack's is `unknown`; a deal whose audio never reached
     * the device is not rated (`unknown` too: it cannot have been played).
     */
    async sync(
      userId: string,
      packId: string,
      verdicts: OfflinePackVerdict[],
    ): Promise<OfflinePackSyncResult> {
      return db.transaction(async (tx) => {
        const deals = await createPlayerRepository(tx).lockPack(userId, packId);
        const first = deals[0];
        if (!first) throw new AppError('NOT_FOUND', OFFLINE_PACK_MESSAGES.unknownPack);
        const at = now();
        if (at.getTime() >= first.dealt_at.getTime() + LIFETIME_MS)
          throw new AppError('CONFLICT', OFFLINE_PACK_MESSAGES.expired);
        let allowance = allowanceMs(deals, at);
        let pointsAwarded = 0;
        let rated = 0;
        const results: OfflinePackSyncResult['results'] = [];
        const seen = new Set<string>();
        for (const verdict of verdicts) {
          const deal = deals.find((candidate) => candidate.id === verdict.trackId);
          if (!deal?.first_served_at || seen.has(deal.id)) {
            results.push({ trackId: verdict.trackId, state: 'unknown', reveal: null });
            continue;
          }
          seen.add(deal.id);
          if (deal.ended_as !== null) {
            const reveal = deal.ended_as === 'like' ? await player.revealOf(tx, userId, deal.track_id) : null;
            results.push({ trackId: deal.id, state: 'recorded', reveal });
            continue;
          }
          const positionMs = Math.min(verdict.positionMs, allowance, deal.duration_ms ?? Infinity);
          allowance -= positionMs;
          const outcome = await player.ratePackDeal(
            tx,
            userId,
            { id: deal.id, trackId: deal.track_id },
            verdict.ending,
            positionMs,
            at,
          );
          pointsAwarded += outcome.points;
          rated += 1;
          results.push({ trackId: deal.id, state: 'recorded', reveal: outcome.reveal });
        }
        // The listening of the deals that ended now is credited as any ended deal's (0246).
        if (rated > 0) await requestListeningCredit(tx, userId, at);
        return { results, pointsAwarded };
      });
    },
  };
}

export type OfflinePacks = ReturnType<typeof createOfflinePacks>;
