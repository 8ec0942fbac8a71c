import { LOYALTY_TIERS } from '@klang/domain';
import type { Queryable } from '../../db/client';

export type AwardReason = 'swipe' | 'like' | 'library' | 'listening' | 'daily_login';

/** What one award adds to the user's counters besides its points. */
export interface XpDelta {
  points: number;
  swipes?: number;
  likes?: number;
  dislikes?: number;
  addedToLibrary?: number;
  listeningMinutes?: number;
  dailyLogins?: number;
  lastLoginDate?: string;
}

// The tier is recomputed in the same statement as the total, from the domain thresholds, so a
// concurrent award can never leave a total and a tier that disagree.
const TIER_CASE = `case ${[...LOYALTY_TIERS]
  .reverse()
  .map((t, i) => `when x.total_points + $2 >= $${10 + i} then '${t.tier}'`)
  .join(' ')} else 'Red' end`;

export function createLoyaltyRepository(db: Queryable) {
  return {
    /**
     * Records an award once: false when the same (user, reason, key) was awarded before, which
     * the partial unique index decides even under concurrent requests.
     */
    async insertAward(
      userId: string,
      reason: AwardReason,
      points: number,
      options: { awardKey?: string; trackId?: string } = {},
    ): Promise<boolean> {
      const rows = await db.query(
        `insert into point_awards (user_id, reason, points, award_key, track_id)
         values ($1, $2, $3, $4, $5)
         on conflict (user_id, reason, award_key) where award_key is not null do nothing
         returning id`,
        [userId, reason, points, options.awardKey ?? null, options.trackId ?? null],
      );
      return rows.length === 1;
    },

    /** Adds a delta to the user's row (creating it if the account has none yet) and recomputes the tier. */
    async applyDelta(userId: string, delta: XpDelta): Promise<{ totalPoints: number; tier: string }> {
      await db.query('insert into user_xp (user_id) values ($1) on conflict (user_id) do nothing', [userId]);
      const rows = await db.query<{ total_points: number; tier: string }>(
        `update user_xp x set
           total_points = x.total_points + $2,
           swipes = x.swipes + $3,
           likes = x.likes + $4,
           dislikes = x.dislikes + $5,
           added_to_library = x.added_to_library + $6,
           listening_time = x.listening_time + $7,
           daily_logins = x.daily_logins + $8,
           last_login_date = coalesce($9::date, x.last_login_date),
           tier = case when $2 = 0 then x.tier else ${TIER_CASE} end,
           last_updated = now()
         where x.user_id = $1
         returning total_points, tier`,
        [
          userId,
          delta.points,
          delta.swipes ?? 0,
          delta.likes ?? 0,
          delta.dislikes ?? 0,
          delta.addedToLibrary ?? 0,
          delta.listeningMinutes ?? 0,
          delta.dailyLogins ?? 0,
          delta.lastLoginDate ?? null,
          ...[...LOYALTY_TIERS].reverse().map((t) => t.from),
        ],
      );
      const row = rows[0];
      if (!row) throw new Error('user_xp row vanished');
      return { totalPoints: row.total_points, tier: row.tier };
    },

    /** Locks the user's row for the listening check (one credit at a time per user). */
    async lockListening(userId: string): Promise<{ lastCreditAt: Date | null }> {
      await db.query('insert into user_xp (user_id) values ($1) on conflict (user_id) do nothing', [userId]);
      const rows = await db.query<{ last_listening_credit_at: Date | null }>(
        'select last_listening_credit_at from user_xp where user_id = $1 for update',
        [userId],
      );
      return { lastCreditAt: rows[0]?.last_listening_credit_at ?? null };
    },

    async setListeningCredit(userId: string, at: Date): Promise<void> {
      await db.query('update user_xp set last_listening_credit_at = $2 where user_id = $1', [userId, at]);
    },
  };
}

export type LoyaltyRepository = ReturnType<typeof createLoyaltyRepository>;
