import { LIMITS, MESSAGES, PLAYER_MESSAGES, type NextTrackResponse, type Reveal } from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import type { LoyaltyService, TrackAction } from '../loyalty/loyalty.service';
import { createPlayerRepository, type RevealRow } from './player.repository';

/** Signed cover and avatar URLs live as long as a playback URL. */
const IMAGE_URL_SECONDS = LIMITS.secureUrlMaxSeconds;

export interface PlayerDeps {
  db: Db;
  storage: StorageProvider;
  loyalty: LoyaltyService;
  clock?: () => Date;
  random?: () => number;
}

/**
 * The Discover player's rules (spec 000 §4, spec 001 §4, DECISIONS.md Charts and Loyalty).
 * Listening stays blind on the server: nothing here returns a title, artist or cover for a track
 * until the user has liked it.
 */
export function createPlayerService(deps: PlayerDeps) {
  const { db, storage, loyalty } = deps;
  const now = deps.clock ?? (() => new Date());
  const random = deps.random ?? Math.random;
  const repo = createPlayerRepository(db);

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

  return {
    /** The next blind track, or which of the two end states the user is in. */
    async nextTrack(userId: string, currentId: string | null): Promise<NextTrackResponse> {
      const track = await repo.pickCandidate(userId, currentId, random());
      if (track) return { state: 'track', track };
      return (await repo.hasAnyCandidate()) ? { state: 'all-liked' } : { state: 'empty' };
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
      const track = await repo.findPlayable(input.trackId);
      if (!track) throw new AppError('NOT_FOUND', MESSAGES.accessDenied);
      const seconds = Math.min(
        LIMITS.secureUrlMaxSeconds,
        Math.max(LIMITS.secureUrlMinSeconds, input.duration),
      );
      const signedUrl = await storage.signedUrl(track.bucket, track.storageKey, {
        expiresInSeconds: seconds,
        contentType: track.contentType,
      });
      const issuedAt = now();
      const expiresAt = new Date(issuedAt.getTime() + seconds * 1000);
      await repo.recordGrant(userId, track.id, issuedAt, expiresAt, input.purpose === 'playback');
      return { success: true as const, signedUrl };
    },

    /**
     * The like rule of spec 000 §4, decided on the server: an existing like only gains the library
     * flag when asked and not yet set; otherwise a new like is recorded (replacing a dislike).
     * Points come once per track, ever. Returns the reveal, with the points this request earned.
     */
    async like(userId: string, trackId: string, addToLibrary: boolean): Promise<Reveal> {
      // The common case first: a new like of a served track, with its points and the reveal, in
      // one statement (atomic on its own, so no transaction around it).
      const actions: TrackAction[] = addToLibrary ? ['swipe', 'like', 'library'] : ['swipe', 'like'];
      const award = loyalty.trackAwardStatementPart(actions, {
        user: '$1',
        track: '$2',
        when: 'exists (select 1 from liked)',
        firstParam: 4,
      });
      const fresh = await repo.insertLikeWithReveal(userId, trackId, addToLibrary, award);
      if (fresh) return toReveal(fresh, fresh.points_awarded);

      const pointsAwarded = await db.transaction(async (tx) => {
        const txRepo = createPlayerRepository(tx);
        // Say why nothing was inserted, or apply the rule for a track already liked (possibly by
        // a concurrent request that won the insert): it may still be added to the library.
        const state = await txRepo.findRatingState(userId, trackId);
        if (!state.playable) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
        if (!state.served) throw new AppError('FORBIDDEN', PLAYER_MESSAGES.trackNotServed);
        if (addToLibrary && state.like && (await txRepo.setLibrary(userId, trackId, true))) {
          await txRepo.adjustCounters(trackId, { library: 1 });
          return loyalty.awardTrackActions(tx, userId, trackId, ['library']);
        }
        return 0;
      });
      const row = await repo.findReveal(userId, trackId);
      if (!row) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
      return toReveal(row, pointsAwarded);
    },

    /** A skip (spec 001 §4): records a dislike unless the track is liked; returns the points earned. */
    async dislike(userId: string, trackId: string): Promise<number> {
      return db.transaction(async (tx) => {
        const txRepo = createPlayerRepository(tx);
        const state = await txRepo.findRatingState(userId, trackId);
        if (!state.playable) throw new AppError('NOT_FOUND', PLAYER_MESSAGES.trackUnavailable);
        if (!state.served) throw new AppError('FORBIDDEN', PLAYER_MESSAGES.trackNotServed);
        if (state.like) return 0;
        if (!(await txRepo.insertInteraction(userId, trackId, 'dislike', false))) return 0;
        await txRepo.adjustCounters(trackId, { dislikes: 1 });
        const points = await loyalty.awardTrackActions(tx, userId, trackId, ['swipe']);
        await loyalty.countDislike(tx, userId);
        return points;
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

    async creditListening(userId: string, minutes: number): Promise<number> {
      return db.transaction((tx) => loyalty.creditListening(tx, userId, minutes));
    },
  };
}

export type PlayerService = ReturnType<typeof createPlayerService>;
