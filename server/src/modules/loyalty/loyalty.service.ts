import { INITIAL_LOYALTY_TIER, LIMITS, LOYALTY_MESSAGES, POINTS, type LoyaltyCard } from '@klang/domain';
import type { Queryable } from '../../db/client';
import {
  createLoyaltyRepository,
  trackAwardStatementPart,
  type AwardStatementPart,
} from './loyalty.repository';

export type { AwardStatementPart };

/** The player's playback grants of a user at a moment, as the listening credit needs them. */
export interface ListeningGrants {
  active: boolean;
  first: Date | null;
}

export type TrackAction = 'swipe' | 'like' | 'library';

const TRACK_ACTION_POINTS: Record<TrackAction, number> = {
  swipe: POINTS.swipe,
  like: POINTS.like,
  library: POINTS.library,
};

const MINUTE_MS = 60_000;

/**
 * K-Points (product-decisions.md, Loyalty). Every award goes through the ledger first, so a track earns
 * its swipe, like and library points once per user, ever, and toggling farms nothing. Methods
 * take the caller's transaction, so points commit or roll back with the action that earned them.
 */
export function createLoyaltyService(deps: { clock?: () => Date } = {}) {
  const now = deps.clock ?? (() => new Date());

  return {
    /**
     * Awards a track's actions once each, with the user's counters, in one statement; returns
     * the points this call earned (0 when the track had earned them all before).
     */
    async awardTrackActions(
      tx: Queryable,
      userId: string,
      trackId: string,
      actions: readonly TrackAction[],
    ): Promise<number> {
      const earned = (await createLoyaltyRepository(tx).insertTrackAwards(
        userId,
        trackId,
        actions.map((action) => ({ reason: action, points: TRACK_ACTION_POINTS[action] })),
      )) as TrackAction[];
      return earned.reduce((sum, action) => sum + TRACK_ACTION_POINTS[action], 0);
    },

    /**
     * The same award as a part of a caller's own statement, for the one hot path that cannot
     * afford three more round trips: a new like in Discover is one statement with its points.
     */
    trackAwardStatementPart(
      actions: readonly TrackAction[],
      placement: { user: string; track: string; when: string; firstParam: number },
    ): AwardStatementPart {
      return trackAwardStatementPart({
        ...placement,
        awards: actions.map((action) => ({ reason: action, points: TRACK_ACTION_POINTS[action] })),
      });
    },

    /** The loyalty card: a user with no points row yet has the initial tier and nothing counted. */
    async card(db: Queryable, userId: string): Promise<LoyaltyCard> {
      const row = await createLoyaltyRepository(db).findCard(userId);
      return {
        tier: row?.tier ?? INITIAL_LOYALTY_TIER,
        points: row?.total_points ?? 0,
        memberName: row?.username ?? LOYALTY_MESSAGES.memberFallback,
        swipes: row?.swipes ?? 0,
        likes: row?.likes ?? 0,
        addedToLibrary: row?.added_to_library ?? 0,
        listeningMinutes: row?.listening_time ?? 0,
      };
    },

    /** Counts a dislike on the user's card; a dislike earns only its swipe point. */
    async countDislike(tx: Queryable, userId: string): Promise<void> {
      await createLoyaltyRepository(tx).applyDelta(userId, { points: 0, dislikes: 1 });
    },

    /** The day's first login earns its points once per UTC day; returns the points awarded. */
    async recordDailyLogin(tx: Queryable, userId: string): Promise<number> {
      const repo = createLoyaltyRepository(tx);
      const day = now().toISOString().slice(0, 10);
      const earned = await repo.insertAward(userId, 'daily_login', POINTS.dailyLogin, { awardKey: day });
      if (!earned) return 0;
      await repo.applyDelta(userId, { points: POINTS.dailyLogin, dailyLogins: 1, lastLoginDate: day });
      return POINTS.dailyLogin;
    },

    /**
     * Credits listening minutes (spec 000 §7 secure-listening-xp; product-decisions.md): at most 1..60 per
     * call, never more than the wall-clock minutes since the last credit (or since the first
     * playback URL when there was none), and only while the user holds an unexpired playback URL.
     * The credit clock advances by the minutes awarded, so unclaimed real listening is not lost.
     * The grants are the player's: it passes `listeningGrants`, read in the same transaction
     * after the user's credit row is locked.
     */
    async creditListening(
      tx: Queryable,
      userId: string,
      minutesRequested: number,
      listeningGrants: (at: Date) => Promise<ListeningGrants>,
    ): Promise<number> {
      const requested = Math.min(
        LIMITS.listeningMinutesPerCallMax,
        Math.max(1, Math.floor(minutesRequested)),
      );
      const repo = createLoyaltyRepository(tx);
      const { lastCreditAt } = await repo.lockListening(userId);
      const grant = await listeningGrants(now());
      if (!grant.active || !grant.first) return 0;
      const current = now().getTime();
      // No more than an hour can be owed at once, however long ago the last credit was.
      const since = Math.max(lastCreditAt?.getTime() ?? grant.first.getTime(), current - 60 * MINUTE_MS);
      const owed = Math.floor((current - since) / MINUTE_MS);
      const minutes = Math.min(requested, owed);
      if (minutes <= 0) return 0;
      await repo.insertAward(userId, 'listening', minutes * POINTS.listeningMinute);
      await repo.applyDelta(userId, { points: minutes * POINTS.listeningMinute, listeningMinutes: minutes });
      await repo.setListeningCredit(userId, new Date(since + minutes * MINUTE_MS));
      return minutes;
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
