import { randomBytes } from 'node:crypto';
import {
  BLIND_SHARE_MESSAGES,
  type BlindShare,
  type ShareDealResponse,
  type SharedTrack,
} from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { createBlindSharesRepository } from './blind-shares.repository';
import { wholeSeconds, type PlayerService } from './player.service';

/**
 * Blind shares (issue 32 item 4, decision 0307): a listener who liked a track, or the artist who
 * made it, shares a link that opens it blind. The link names the track by a random token alone;
 * whoever opens it learns only that it plays and its length in whole seconds, and a signed-in
 * listener is dealt it as a chart's play is dealt, outside the deck's exposure and the verdict,
 * to like it (and learn who made it) or not. The link expires when the track leaves the deck;
 * an expired link and an unknown one are the same 404.
 */
export function createBlindShares(deps: { db: Db; player: PlayerService; clock?: () => Date }) {
  const { db, player } = deps;
  const repo = createBlindSharesRepository(db);
  const now = deps.clock ?? (() => new Date());

  const expired = () => new AppError('NOT_FOUND', BLIND_SHARE_MESSAGES.expired);

  return {
    async share(userId: string, trackId: string): Promise<BlindShare> {
      const token = await repo.share(userId, trackId, randomBytes(16).toString('base64url'));
      if (!token) throw new AppError('NOT_FOUND', BLIND_SHARE_MESSAGES.notYours);
      return { token };
    },

    async open(token: string): Promise<SharedTrack> {
      const shared = await repo.open(token);
      if (!shared) throw expired();
      return { durationMs: wholeSeconds(shared.duration_ms) };
    },

    async deal(userId: string, token: string): Promise<ShareDealResponse> {
      const shared = await repo.open(token);
      if (!shared) throw expired();
      if (shared.artist_id === userId) return { state: 'yours' };
      // Their like's reveal, when they liked it; nothing when they did not.
      const reveal = await player.revealOf(db, userId, shared.track_id);
      if (reveal) return { state: 'revealed', reveal };
      const dealt = await repo.deal(userId, shared.track_id, now());
      if (!dealt) throw expired();
      return { state: 'track', track: { id: dealt.alias, durationMs: wholeSeconds(dealt.durationMs) } };
    },
  };
}

export type BlindShares = ReturnType<typeof createBlindShares>;
