import type { SkipReason } from '@klang/domain';
import type { Queryable } from '../../db/client';
import { dealOpenAt, endPosition } from './player.repository';

/** One of the caller's deals as a note needs it, the row locked for the rest of the transaction. */
export interface NotedDealRow {
  ended_as: 'like' | 'skip' | 'left' | null;
  ended_at: Date | null;
  served: boolean;
  has_reason: boolean;
  /** The moment asked for, clamped to what the server served and to the track's length. */
  position_ms: number;
  moments: number;
  /** Whether a moment of the deal lies within `gapMs` of `position_ms`. */
  moment_near: boolean;
}

/** The SQL of Blind Notes (decision 0302): the caller's own deal, locked, and its notes. */
export function createBlindNotesRepository(db: Queryable) {
  return {
    /**
     * The deal `alias` if it is the user's, locked until the transaction ends, so two notes at
     * once are checked one after the other; `reportedMs` is clamped by the deal's own end
     * position SQL (`endPosition`, decision 0190): no later than the wall clock since the audio
     * was first served (0 when it never was) and the track's length. Undefined for another
     * listener's alias, an unknown one, or a deal no longer open at `at` (decision 0314).
     */
    async lockOwnDeal(
      userId: string,
      alias: string,
      at: Date,
      reportedMs: number,
      gapMs: number,
    ): Promise<NotedDealRow | undefined> {
      const [deal] = await db.query<Omit<NotedDealRow, 'has_reason' | 'moments' | 'moment_near'>>(
        `select d.ended_as, d.ended_at, d.first_served_at is not null as served,
           ${endPosition('$3', '$4')} as position_ms
         from deals d join tracks t on t.id = d.track_id
         where d.id = $2 and d.user_id = $1 and d.pack_id is null and ${dealOpenAt('$3')}
         for update of d`,
        [userId, alias, at, reportedMs],
      );
      if (!deal) return undefined;
      // A statement of its own, after the lock: under read committed it sees the notes of a
      // transaction that held the lock before, which the locking statement's snapshot does not.
      const [notes] = await db.query<Pick<NotedDealRow, 'has_reason' | 'moments' | 'moment_near'>>(
        `select coalesce(bool_or(kind = 'reason'), false) as has_reason,
           (count(*) filter (where kind = 'moment'))::int as moments,
           coalesce(bool_or(kind = 'moment' and abs(position_ms - $2) < $3), false) as moment_near
         from deal_notes where deal_id = $1`,
        [alias, deal.position_ms, gapMs],
      );
      if (!notes) throw new Error('an aggregate answers one row');
      return { ...deal, ...notes };
    },

    async insertReason(dealId: string, reason: SkipReason, at: Date): Promise<void> {
      await db.query(
        `insert into deal_notes (deal_id, deal_dealt_at, track_id, kind, reason, created_at)
         select id, dealt_at, track_id, 'reason', $2, $3 from deals where id = $1`,
        [dealId, reason, at],
      );
    },

    async insertMoment(dealId: string, positionMs: number, at: Date): Promise<void> {
      await db.query(
        `insert into deal_notes (deal_id, deal_dealt_at, track_id, kind, position_ms, created_at)
         select id, dealt_at, track_id, 'moment', $2, $3 from deals where id = $1`,
        [dealId, positionMs, at],
      );
    },
  };
}

export type BlindNotesRepository = ReturnType<typeof createBlindNotesRepository>;
