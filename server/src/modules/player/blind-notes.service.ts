import {
  BLIND_NOTES,
  BLIND_NOTES_MESSAGES,
  PLAYER_MESSAGES,
  type BlindNoteResponse,
  type SkipReason,
} from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { LoyaltyService } from '../loyalty/loyalty.service';
import { createBlindNotesRepository, type NotedDealRow } from './blind-notes.repository';

export interface BlindNotesDeps {
  db: Db;
  loyalty: LoyaltyService;
  clock?: () => Date;
}

/**
 * Blind Notes (issue 31 item 2, decision 0302): a reason after a skip, a moment while listening.
 * Each is taken only on the caller's own deal whose audio the server sent, and says nothing back
 * but the points it earned: a note is not a like and reveals nothing. Another listener's alias is
 * the same 404 as an unknown one.
 */
export function createBlindNotesService(deps: BlindNotesDeps) {
  const { db, loyalty } = deps;
  const now = deps.clock ?? (() => new Date());

  /** The caller's deal, locked, or the 404 that names nothing; a deal never served is refused. */
  async function ownServedDeal(
    repo: ReturnType<typeof createBlindNotesRepository>,
    userId: string,
    alias: string,
    at: Date,
    positionMs = 0,
  ): Promise<NotedDealRow> {
    const deal = await repo.lockOwnDeal(userId, alias, at, positionMs, BLIND_NOTES.momentGapMs);
    if (!deal) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
    if (!deal.served) throw new AppError('FORBIDDEN', PLAYER_MESSAGES.trackNotServed);
    return deal;
  }

  return {
    /** Why the caller skipped deal `alias`: once, final, within the window after the skip. */
    async skipReason(userId: string, alias: string, reason: SkipReason): Promise<BlindNoteResponse> {
      return db.transaction(async (tx) => {
        const repo = createBlindNotesRepository(tx);
        const at = now();
        const deal = await ownServedDeal(repo, userId, alias, at);
        if (deal.ended_as !== 'skip' || !deal.ended_at)
          throw new AppError('CONFLICT', BLIND_NOTES_MESSAGES.notSkipped);
        if (at.getTime() - deal.ended_at.getTime() > BLIND_NOTES.reasonWindowMs)
          throw new AppError('CONFLICT', BLIND_NOTES_MESSAGES.reasonTooLate);
        if (deal.has_reason) throw new AppError('CONFLICT', BLIND_NOTES_MESSAGES.reasonGiven);
        await repo.insertReason(alias, reason, at);
        return { pointsAwarded: await loyalty.awardBlindNote(tx, userId) };
      });
    },

    /**
     * "This moment" in deal `alias`, which the caller is still listening to (not yet rated; a
     * deal left and come back to is open again). The position is clamped to what the server
     * served; a deal keeps BLIND_NOTES.momentsPerDeal moments at most, BLIND_NOTES.momentGapMs apart.
     */
    async markMoment(userId: string, alias: string, positionMs: number): Promise<BlindNoteResponse> {
      return db.transaction(async (tx) => {
        const repo = createBlindNotesRepository(tx);
        const at = now();
        const deal = await ownServedDeal(repo, userId, alias, at, positionMs);
        if (deal.ended_as === 'like' || deal.ended_as === 'skip')
          throw new AppError('CONFLICT', BLIND_NOTES_MESSAGES.notListening);
        if (deal.moments >= BLIND_NOTES.momentsPerDeal)
          throw new AppError('CONFLICT', BLIND_NOTES_MESSAGES.momentsFull);
        if (deal.moment_near) throw new AppError('CONFLICT', BLIND_NOTES_MESSAGES.momentTooClose);
        await repo.insertMoment(alias, deal.position_ms, at);
        return { pointsAwarded: await loyalty.awardBlindNote(tx, userId) };
      });
    },
  };
}

export type BlindNotesService = ReturnType<typeof createBlindNotesService>;
