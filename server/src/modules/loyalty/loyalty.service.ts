import { BLIND_NOTES, INITIAL_LOYALTY_TIER, LOYALTY_MESSAGES, POINTS, type LoyaltyCard } from '@klang/domain';
import { earliestOf, spansLength, subtractSpans, type Span } from './listening-spans';
import type { Queryable } from '../../db/client';
import {
  createLoyaltyRepository,
  trackAwardStatementPart,
  type AwardStatementPart,
} from './loyalty.repository';

export type { AwardStatementPart };

export type { Span };

export type TrackAction = 'swipe' | 'like' | 'library';

const TRACK_ACTION_POINTS: Record<TrackAction, number> = {
  swipe: POINTS.swipe,
  like: POINTS.like,
  library: POINTS.library,
};

/** Listening older than this is never credited: a credit looks back one hour at most. */
const LISTENING_WINDOW_MS = 60 * 60_000;

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
     * A Blind Note's points (decision 0302): BLIND_NOTES.points for each of the first
     * BLIND_NOTES.pointedNotesPerDay notes of the UTC day, then nothing. The ledger's key is the
     * day and the note's count, so two notes at once cannot both take the last pointed slot.
     */
    async awardBlindNote(tx: Queryable, userId: string): Promise<number> {
      const repo = createLoyaltyRepository(tx);
      const day = now().toISOString().slice(0, 10);
      const given = await repo.countAwards(userId, 'blind_note', `${day}#`);
      if (given >= BLIND_NOTES.pointedNotesPerDay) return 0;
      const earned = await repo.insertAward(userId, 'blind_note', BLIND_NOTES.points, {
        awardKey: `${day}#${String(given + 1)}`,
      });
      if (!earned) return 0;
      await repo.applyDelta(userId, { points: BLIND_NOTES.points });
      return BLIND_NOTES.points;
    },

    /**
     * Credits listening the server saw (decision 0244; spec 000 §7 secure-listening-xp,
     * product-decisions.md Listening and points): `heard` gives the wall-clock spans in which
     * the player served this user audio, within the last hour up to `at`, merged so that two
     * tracks at once count once. What was credited before is taken out, and the earliest part
     * of the rest is credited in whole units of `unitSeconds`, at most `maxSeconds`; the rest
     * stays owed. A second of listening is worth POINTS.listeningMinute / 60 points. The user's
     * row is locked first, so two credits at once cannot both take the same spans. Returns the
     * seconds credited.
     */
    async creditListening(
      tx: Queryable,
      userId: string,
      at: Date,
      claim: { unitSeconds: number; maxSeconds: number },
      heard: (from: Date, to: Date) => Promise<Span[]>,
    ): Promise<number> {
      const repo = createLoyaltyRepository(tx);
      const credited = await repo.lockListening(userId);
      const from = new Date(at.getTime() - LISTENING_WINDOW_MS);
      const owed = subtractSpans(await heard(from, at), credited);
      const unitMs = claim.unitSeconds * 1000;
      const seconds = Math.min(claim.maxSeconds, Math.floor(spansLength(owed) / unitMs) * claim.unitSeconds);
      if (seconds <= 0) return 0;
      const points = (seconds * POINTS.listeningMinute) / 60;
      await repo.insertAward(userId, 'listening', points);
      await repo.applyDelta(userId, { points, listeningSeconds: seconds });
      await repo.addCredited(userId, earliestOf(owed, seconds * 1000), from);
      return seconds;
    },
  };
}

export type LoyaltyService = ReturnType<typeof createLoyaltyService>;
