import {
  compatibleCamelots,
  DEAL_RULES,
  DEMO_ACCOUNT,
  HOOKS,
  LIMITS,
  MESSAGES,
  PLAYER_MESSAGES,
  SOUND_BPM_RANGE,
  type ChartDealResponse,
  type DealEnding,
  type NextTrackQuery,
  type NextTrackResponse,
  type Reveal,
  type TasteSummary,
} from '@klang/domain';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { toRevealedSound } from '../../lib/sound/stored-sound';
import type { StorageProvider } from '../../providers/storage/storage';
import { randomUUID } from 'node:crypto';
import { randomPadBytes, streamGrantPath } from '../../providers/storage/stream-grant';
import type { LoyaltyService, TrackAction } from '../loyalty/loyalty.service';
import { requestListeningCredit } from './player.jobs';
import { createDealRollUpRepository, type RolledMonth } from './deal-roll-up.repository';
import { createFollowDeliveriesRepository } from './follow-deliveries.repository';
import { createPlayerRepository, type DealFilter, type RevealRow } from './player.repository';
import { createTasteKeeper, type RadarSettings } from './taste-keeper';

/** Mix mode's tempo window around the track mixed from (issue 28): ±6 %, half and double time too. */
export const MIX_TEMPO_TOLERANCE = 0.06;

type DigFilters = Omit<NextTrackQuery, 'current' | 'surprise'>;

/** Does the request dig by anything? (The query's parse leaves out what was not given.) */
function isFiltered(f: DigFilters): boolean {
  return Object.keys(f).length > 0;
}

/**
 * A length as the deck gives it: whole seconds (in milliseconds, the field's unit), so that the
 * exact length of a rendition cannot tell two tracks apart across listeners.
 */
export function wholeSeconds(durationMs: number | null): number | null {
  return durationMs === null ? null : Math.round(durationMs / 1000) * 1000;
}

/** Releases the follow fan-out announces per statement. */
const RELEASES_PER_RUN = 100;

/**
 * A listener found with nothing waiting is asked again after this long: the probe is a round trip
 * (0.7 ms p50 against a fair deal's 0.9 ms, `bench/next-track-sql.ts`), and the fan-out that
 * fills it runs every 10 minutes. Listeners remembered per process, least recently asked first out.
 */
const DELIVERY_RECHECK_MS = 60_000;
const DELIVERY_CHECKS_KEPT = 50_000;

/** A credit looks back one hour at most, so that is the most one deal's end can credit. */
const LISTENING_WINDOW_SECONDS = 3600;

/** Signed cover and avatar URLs live as long as a playback URL. */
const IMAGE_URL_SECONDS = LIMITS.secureUrlMaxSeconds;

export interface PlayerDeps {
  db: Db;
  storage: StorageProvider;
  /** Seals stream grants (decision 0131); the media signing secret. */
  streamSecret: string;
  loyalty: LoyaltyService;
  /** Deals every eligible track gets before the deck deals beyond the least exposed (0191). */
  firstListens?: number;
  /** Blind Radar's settings (decision 0283); without them the deck deals as the fair deck alone. */
  radar?: RadarSettings;
  /**
   * The catalogue's: the track at a place of a genre's chart when that row is masked to the
   * listener (decision 0288); undefined for none. Throws for a genre with no chart.
   */
  chartTrackAt?: (userId: string, genre: string | undefined, position: number) => Promise<string | undefined>;
  /**
   * Months of deals kept whole, this one included, and the verdict's trusted age; older months are
   * rolled up and dropped (decision 0317). Without it, or with null months, every month is kept.
   */
  dealsRetention?: { months: number | null; accountMinAgeMs: number };
  clock?: () => Date;
  random?: () => number;
}

/**
 * The Discover player's rules (spec 000 §4, spec 001 §4, product-decisions.md Charts and Loyalty).
 * Listening stays blind on the server: nothing here returns a title, artist or cover for a track
 * until the user has liked it.
 */
export function createPlayerService(deps: PlayerDeps) {
  const { db, storage, loyalty } = deps;
  const now = deps.clock ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const firstListens = deps.firstListens ?? DEAL_RULES.firstListensDefault;
  const repo = createPlayerRepository(db);
  const deliveries = createFollowDeliveriesRepository(db);
  const rollUps = createDealRollUpRepository(db);
  const nothingWaitingAt = new Map<string, number>();

  /** The listener's oldest waiting follow delivery, dealt; undefined when none (or asked lately). */
  async function dealDelivery(userId: string, dealtAt: Date) {
    const asked = nothingWaitingAt.get(userId);
    if (asked !== undefined && dealtAt.getTime() - asked < DELIVERY_RECHECK_MS) return undefined;
    nothingWaitingAt.delete(userId);
    const dealt = await deliveries.dealDelivery(userId, dealtAt);
    if (!dealt) {
      nothingWaitingAt.set(userId, dealtAt.getTime());
      const oldest = nothingWaitingAt.keys().next();
      if (nothingWaitingAt.size > DELIVERY_CHECKS_KEPT && !oldest.done) nothingWaitingAt.delete(oldest.value);
    }
    return dealt;
  }
  const tastes = createTasteKeeper(repo, deps.radar ?? { enabled: false, band: 0, explore: 0 }, now);

  async function toReveal(row: RevealRow, pointsAwarded: number): Promise<Reveal> {
    const sign = (bucket: RevealRow['cover_bucket'], key: string | null) =>
      bucket && key
        ? storage.signedUrl(bucket, key, { expiresInSeconds: IMAGE_URL_SECONDS })
        : Promise.resolve(null);
    return {
      track: {
        id: row.id,
        title: row.title,
        artist: row.artist_name,
        artistId: row.artist_id,
        genre: row.genre,
        label: row.label,
        coverUrl: await sign(row.cover_bucket, row.cover_key),
        sound: toRevealedSound(row),
      },
      artist: {
        id: row.artist_id,
        name: row.artist_name,
        imageUrl: await sign(row.avatar_bucket, row.avatar_key),
        goldBadge: row.gold_badge_applied,
        followers: row.followers,
        isFollowing: row.is_following,
      },
      addedToLibrary: row.added_to_library,
      pointsAwarded,
    };
  }

  /**
   * The points of a new like, as a part of the like's statement (loyalty's): once per track, and
   * only when the deal's audio was sent (decision 0245).
   */
  function likeAward(actions: TrackAction[]) {
    return loyalty.trackAwardStatementPart(actions, {
      user: '$1',
      track: '(select track_id from liked)',
      when: 'exists (select 1 from liked) and (select heard from deal)',
      firstParam: 6,
    });
  }

  /**
   * A skip of a track the user has not liked, in the caller's transaction: the deal (if named)
   * ends as a skip at `positionMs` (clamped; decision 0190), the listening of the deals that
   * ended is asked to be credited (decision 0246), and the first rating of the track records a
   * dislike and earns the swipe point when its audio was sent (decision 0245).
   */
  async function skipIn(
    tx: Queryable,
    userId: string,
    state: { trackId: string; dealId: string | null; heard: boolean },
    skippedAt: Date,
    positionMs: number | null,
  ): Promise<number> {
    const txRepo = createPlayerRepository(tx);
    if (state.dealId) await txRepo.endDealAsSkip(state.dealId, skippedAt, positionMs);
    if (state.heard) await requestListeningCredit(tx, userId, skippedAt);
    if (!(await txRepo.insertInteraction(userId, state.trackId, 'dislike', false))) return 0;
    await txRepo.adjustCounters(state.trackId, { dislikes: 1 });
    const swipe = state.heard ? await loyalty.awardTrackActions(tx, userId, state.trackId, ['swipe']) : 0;
    await loyalty.countDislike(tx, userId);
    return swipe;
  }

  /** The deal's filter from the request's, mix mode's read from the user's own deal. */
  async function dealFilter(userId: string, f: DigFilters): Promise<DealFilter> {
    const mixed = f.mixWith === undefined ? null : await repo.dealtSound(userId, f.mixWith);
    if (mixed === undefined) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
    const hasTempo = f.bpmMin !== undefined || f.bpmMax !== undefined;
    return {
      genre: f.genre ?? null,
      energy: f.energy ?? null,
      keys: f.key === undefined ? null : compatibleCamelots(f.key),
      tempo: hasTempo
        ? {
            min: f.bpmMin ?? SOUND_BPM_RANGE.min,
            max: f.bpmMax ?? SOUND_BPM_RANGE.max,
            halfDouble: f.halfDouble ?? false,
          }
        : null,
      mixKeys: mixed?.key ? compatibleCamelots(mixed.key) : null,
      mixTempo: mixed?.bpm
        ? { min: mixed.bpm * (1 - MIX_TEMPO_TOLERANCE), max: mixed.bpm * (1 + MIX_TEMPO_TOLERANCE) }
        : null,
    };
  }

  return {
    /**
     * Deals the next blind track: a followed artist's new one first (decision 0306), else the
     * least exposed first (decision 0191) among the tracks the listener's filters leave
     * (decision 0266), or says which end state the user is in. The track
     * is named by the deal's alias, its length in whole seconds (decision 0130). Mix mode's alias
     * must be one of the user's own deals: any other is the 404 of an unknown alias.
     */
    async nextTrack(
      userId: string,
      currentAlias: string | null,
      filters: DigFilters = {},
      surprise = false,
    ): Promise<NextTrackResponse> {
      const filter = await dealFilter(userId, filters);
      const dealtAt = now();
      // A followed artist's new track comes first (decision 0306), unless the listener digs by a
      // filter or asks to be surprised. It answers as any deal does, `tuned` included.
      const delivered = isFiltered(filters) || surprise ? undefined : await dealDelivery(userId, dealtAt);
      if (delivered)
        return {
          state: 'track',
          track: { id: delivered.alias, durationMs: wholeSeconds(delivered.durationMs) },
          tuned: await tastes.tuned(userId),
        };
      const { dealt, tuned } = await tastes.deal(
        { userId, currentAlias, r: random(), dealtAt, firstListens, filter },
        surprise,
        random,
      );
      if (dealt)
        return {
          state: 'track',
          track: { id: dealt.alias, durationMs: wholeSeconds(dealt.durationMs) },
          tuned,
        };
      if (isFiltered(filters)) return { state: 'filter-empty' };
      return (await repo.hasAnyCandidate()) ? { state: 'all-liked' } : { state: 'empty' };
    },

    /**
     * Hands every track new in the deck to its artist's followers (decision 0306), a hundred
     * releases a statement until none is left, then drops the deliveries no longer new.
     */
    /**
     * Makes the partitions of `deals` for this month and the next two that are missing (decision
     * 0312); answers how many it made.
     */
    prepareDealMonths(): Promise<number> {
      const at = now();
      return repo.prepareDealMonths(at, new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 2, 1)));
    },

    /**
     * Rolls up and drops the months of `deals` older than the retention (decision 0317), in one
     * transaction; answers what each kept and dropped.
     */
    async rollUpDealMonths(): Promise<RolledMonth[]> {
      const retention = deps.dealsRetention;
      if (retention?.months == null) return [];
      const at = now();
      const before = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - (retention.months - 1), 1));
      const rules = {
        floor: HOOKS.minListeners,
        steps: HOOKS.curveSteps,
        demoEmail: DEMO_ACCOUNT.email,
        accountMinAgeMs: retention.accountMinAgeMs,
      };
      return rollUps.rollUpMonths(await rollUps.monthsToRollUp(before), rules);
    },

    async deliverToFollowers(): Promise<{ announced: number; pruned: number }> {
      let announced = 0;
      for (;;) {
        const batch = await deliveries.announceReleases(now(), RELEASES_PER_RUN);
        announced += batch;
        if (batch < RELEASES_PER_RUN) break;
      }
      return { announced, pruned: await deliveries.pruneDeliveries(now()) };
    },

    /**
     * Deals the track of a masked chart row (decision 0288), named by a new alias as any deal:
     * played, liked and skipped the same way, counted neither in the deck's exposure nor in the
     * verdict. A place past the chart's end, a row the listener sees revealed (their like, their
     * own track) or a track gone since the chart was read are one 404, naming nothing.
     */
    async chartDeal(userId: string, genre: string | undefined, position: number): Promise<ChartDealResponse> {
      const trackId = await deps.chartTrackAt?.(userId, genre, position);
      const dealt = trackId && (await repo.dealFromChart(userId, trackId, now()));
      if (!dealt) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
      return { state: 'track', track: { id: dealt.alias, durationMs: wholeSeconds(dealt.durationMs) } };
    },

    /** What the deck has learned of the listener's taste (decision 0285). */
    taste: (userId: string): Promise<TasteSummary> => tastes.summary(userId),

    /** The genres the deck starts from, picked at the door or on the profile. */
    async setDoorGenres(userId: string, genres: string[]): Promise<TasteSummary> {
      await repo.setDoorGenres(userId, [...new Set(genres)], now());
      tastes.forget(userId);
      return tastes.summary(userId);
    },

    /** Forgets what the deck learned of the listener, and the door's genres. */
    async resetTaste(userId: string): Promise<TasteSummary> {
      await repo.resetTaste(userId, now());
      tastes.forget(userId);
      return tastes.summary(userId);
    },

    /**
     * A short-lived URL for one track's rendition (spec 000 §7 secure-track-access). The lifetime
     * is clamped to 60..600 s whatever is asked; issuing it records the grant that later ratings
     * and listening credit require.
     */
    async secureTrackAccess(
      userId: string,
      input: { trackId: string; purpose: 'playback' | 'preload'; duration: number },
    ) {
      const issuedAt = now();
      const track = await repo.findPlayable(userId, input.trackId, issuedAt);
      if (!track) throw new AppError('NOT_FOUND', MESSAGES.accessDenied);
      const seconds = Math.min(
        LIMITS.secureUrlMaxSeconds,
        Math.max(LIMITS.secureUrlMinSeconds, input.duration),
      );
      const expiresAt = new Date(issuedAt.getTime() + seconds * 1000);
      // A path of its own and a length of its own per grant: nothing in the URL or the file's
      // size is the same for two listeners of one track. The sealed id lets the stream route
      // say when the grant's audio was first sent: listening credit starts there, not here.
      const grantId = randomUUID();
      const signedUrl = streamGrantPath(deps.streamSecret, {
        id: grantId,
        bucket: track.bucket,
        key: track.storageKey,
        contentType: track.contentType,
        padBytes: randomPadBytes(track.byteSize, track.durationMs),
        expiresAt: Math.floor(expiresAt.getTime() / 1000),
      });
      await repo.recordGrant(userId, grantId, track, issuedAt, expiresAt, input.purpose === 'playback');
      return { success: true as const, signedUrl };
    },

    /**
     * The like rule of spec 000 §4, decided on the server: an existing like only gains the library
     * flag when asked and not yet set; otherwise a new like is recorded (replacing a dislike).
     * Points come once per track, ever, and only for a deal whose audio the server sent: a like
     * of a track only granted stands (the reveal) but earns nothing (decision 0245). A new like
     * ends its deal at `positionMs` (the client's report, clamped to what the server observed;
     * decision 0190) and asks for the credit of the listening of the deals that ended (the
     * minute's job, decision 0246). Returns the reveal, with the points the rating earned.
     */
    async like(
      userId: string,
      givenId: string,
      addToLibrary: boolean,
      positionMs: number | null = null,
    ): Promise<Reveal> {
      // The common case first: a new like of a dealt, served track, with its points and the
      // reveal, in one statement (atomic on its own, so no transaction around it).
      const award = likeAward(addToLibrary ? ['swipe', 'like', 'library'] : ['swipe', 'like']);
      const likedAt = now();
      const fresh = await repo.insertLikeWithReveal(
        userId,
        givenId,
        addToLibrary,
        likedAt,
        positionMs,
        award,
      );
      if (fresh) {
        if (fresh.heard) await requestListeningCredit(db, userId, likedAt);
        return toReveal(fresh, fresh.points_awarded);
      }

      const { trackId, pointsAwarded } = await db.transaction(async (tx) => {
        const txRepo = createPlayerRepository(tx);
        // Say why nothing was inserted, or apply the rule for a track already liked (possibly by
        // a concurrent request that won the insert): it may still be added to the library.
        const state = await txRepo.findRatingState(userId, givenId, likedAt);
        if (!state?.playable) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
        if (!state.served) throw new AppError('FORBIDDEN', PLAYER_MESSAGES.trackNotServed);
        if (addToLibrary && state.like && (await txRepo.setLibrary(userId, state.trackId, true))) {
          await txRepo.adjustCounters(state.trackId, { library: 1 });
          const points = await loyalty.awardTrackActions(tx, userId, state.trackId, ['library']);
          return { trackId: state.trackId, pointsAwarded: points };
        }
        return { trackId: state.trackId, pointsAwarded: 0 };
      });
      const row = await repo.findReveal(userId, trackId);
      if (!row) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
      return toReveal(row, pointsAwarded);
    },

    /**
     * A skip (spec 001 §4): records a dislike unless the track is liked, and ends the deal at
     * `positionMs` (clamped; decision 0190), asking for the credit of the listening of the deals
     * that ended (the minute's job, decision 0246); returns the points the skip earned. The swipe
     * point, like a like's, needs the deal's audio to have been sent (decision 0245).
     */
    async dislike(userId: string, givenId: string, positionMs: number | null = null): Promise<number> {
      return db.transaction(async (tx) => {
        const skippedAt = now();
        const state = await createPlayerRepository(tx).findRatingState(userId, givenId, skippedAt);
        if (!state?.playable) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
        if (!state.served) throw new AppError('FORBIDDEN', PLAYER_MESSAGES.trackNotServed);
        if (state.like) return 0;
        return skipIn(tx, userId, state, skippedAt, positionMs);
      });
    },

    /**
     * Rates a deal of an offline pack as the device kept it (decision 0305), in the pack sync's
     * transaction, at `at`: a like as `like` does (with its reveal and points), a skip as
     * `dislike`, a track left as `leave`. The caller has checked that the deal is the pack's,
     * open and served, and bounded `positionMs` by the pack's wall clock.
     */
    async ratePackDeal(
      tx: Queryable,
      userId: string,
      deal: { id: string; trackId: string },
      ending: DealEnding,
      positionMs: number,
      at: Date,
    ): Promise<{ reveal: Reveal | null; points: number }> {
      const txRepo = createPlayerRepository(tx);
      if (ending === 'like') {
        const fresh = await txRepo.insertLikeWithReveal(
          userId,
          deal.id,
          false,
          at,
          positionMs,
          likeAward(['swipe', 'like']),
          true,
        );
        if (fresh)
          return { reveal: await toReveal(fresh, fresh.points_awarded), points: fresh.points_awarded };
        // Liked meanwhile from a chart's blind play: the like stands, this deal ends unrated.
        await txRepo.endDealAsLeft(userId, deal.id, at, positionMs, true);
        const row = await txRepo.findReveal(userId, deal.trackId);
        return { reveal: row ? await toReveal(row, 0) : null, points: 0 };
      }
      if (ending === 'skip') {
        const state = await txRepo.findRatingState(userId, deal.trackId, at);
        if (state?.like) {
          await txRepo.endDealAsLeft(userId, deal.id, at, positionMs, true);
          return { reveal: null, points: 0 };
        }
        const skipped = { trackId: deal.trackId, dealId: deal.id, heard: true };
        return { reveal: null, points: await skipIn(tx, userId, skipped, at, positionMs) };
      }
      await txRepo.endDealAsLeft(userId, deal.id, at, positionMs, true);
      return { reveal: null, points: 0 };
    },

    /** The reveal of a track the user has liked, in the caller's transaction; null when it is gone. */
    async revealOf(tx: Queryable, userId: string, trackId: string): Promise<Reveal | null> {
      const row = await createPlayerRepository(tx).findReveal(userId, trackId);
      return row ? toReveal(row, 0) : null;
    },

    /**
     * The listener left a dealt track unrated, `positionMs` into it (a beacon as the page hides or
     * another origin takes the player; decision 0190). Only the caller's own deals are known here:
     * any other id is the same 404 as an unknown one.
     */
    async leave(userId: string, alias: string, positionMs: number): Promise<void> {
      await db.transaction(async (tx) => {
        const leftAt = now();
        if (!(await createPlayerRepository(tx).endDealAsLeft(userId, alias, leftAt, positionMs)))
          throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
        await requestListeningCredit(tx, userId, leftAt);
      });
    },

    /** Removes a liked track from the library (spec 001 §4 Library); the like stays. */
    async removeFromLibrary(userId: string, trackId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createPlayerRepository(tx);
        if (await txRepo.setLibrary(userId, trackId, false))
          await txRepo.adjustCounters(trackId, { library: -1 });
      });
    },

    /**
     * spec 000 §7 secure-listening-xp: credits up to `minutes` (clamped 1..60) whole minutes of
     * what the server served this user in the last hour and has not credited yet (decision
     * 0244): a grant counts from its audio's first serve, for at most its track's length, and
     * two at once count once. Returns the minutes awarded.
     */
    async creditListening(userId: string, minutes: number): Promise<number> {
      const requested = Math.min(LIMITS.listeningMinutesPerCallMax, Math.max(1, Math.floor(minutes)));
      const seconds = await db.transaction((tx) =>
        loyalty.creditListening(
          tx,
          userId,
          now(),
          { unitSeconds: 60, maxSeconds: requested * 60 },
          (from, to) => createPlayerRepository(tx).heardGrants(userId, from, to),
        ),
      );
      return seconds / 60;
    },

    /**
     * Credits the Discover listening of the user's ended deals as of now (decision 0246): whole
     * seconds from each one's first serve to its bounded end, less what any credit took before.
     * The `player.credit-listening` job, asked for when a deal of theirs ends.
     */
    async creditDiscoverListening(userId: string): Promise<void> {
      await db.transaction((tx) =>
        loyalty.creditListening(
          tx,
          userId,
          now(),
          { unitSeconds: 1, maxSeconds: LISTENING_WINDOW_SECONDS },
          (from, to) => createPlayerRepository(tx).heardDeals(userId, from, to),
        ),
      );
    },

    /** Marks a stream grant served when its audio is first sent (the media area's stream route). */
    streamServed: (grantId: string, at: Date) => repo.markServed(grantId, at),
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;

/**
 * The player's rows that go when another area removes what they hang on (decision 0240): a
 * listener's account, a track. Each runs in the caller's transaction, so the player's rows and
 * the caller's go together or not at all; the SQL stays the player's.
 */
export const playerRecords = {
  forgetListener: (tx: Queryable, userId: string) => createPlayerRepository(tx).forgetListener(userId),
  forgetTrack: (tx: Queryable, trackId: string) => createPlayerRepository(tx).forgetTrack(trackId),
};
export type PlayerRecords = typeof playerRecords;
