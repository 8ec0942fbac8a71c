import { HOOKS, HOOKS_MESSAGES, TRACK_MESSAGES, type TrackHooks } from '@klang/domain';
import { AppError } from '../../errors';
import { aggregateHearings, aggregateNotes, waveformOf } from './hook-aggregates';
import { dealsSince, type HooksRepository } from './hooks.repository';

/** How long a genre's median like rate is reused: it moves slowly and costs a genre-wide scan. */
export const GENRE_MEDIAN_TTL_MS = 10 * 60_000;

export interface HooksServiceDeps {
  repository: HooksRepository;
  now?: () => number;
}

/**
 * Hook analytics for artists (issue 19 item 5, decision 0200): what blind listeners did with
 * one of the artist's tracks, over at least `HOOKS.minListeners` distinct listeners and in
 * steps of that many, so no read, alone or against an earlier one, shows one listener.
 */
export function createHooksService(deps: HooksServiceDeps) {
  const { repository } = deps;
  const now = deps.now ?? Date.now;
  const genreMedians = new Map<string, { value: number | null; at: number }>();

  /**
   * A genre's median needs `genreMedianMinTracks` qualifying tracks, so it never is one other
   * artist's like rate; it is cached per genre, so it also changes at most once per TTL.
   */
  async function genreMedian(genre: string): Promise<number | null> {
    const cached = genreMedians.get(genre);
    if (cached && now() - cached.at < GENRE_MEDIAN_TTL_MS) return cached.value;
    const { median, tracks } = await repository.genreLikeRate(genre, HOOKS.minListeners);
    const value = tracks >= HOOKS.genreMedianMinTracks ? median : null;
    genreMedians.set(genre, { value, at: now() });
    return value;
  }

  return {
    /** One track's hook analytics; 403 for a listener, 404 for a track that is not theirs. */
    async trackHooks(accountId: string, trackId: string): Promise<TrackHooks> {
      const track = await repository.findOwnTrack(accountId, trackId);
      if (!track.is_artist) throw new AppError('FORBIDDEN', TRACK_MESSAGES.artistsOnly);
      if (track.id === null || track.title === null || track.genre === null || track.uploaded_at === null)
        throw new AppError('NOT_FOUND', TRACK_MESSAGES.notOwned);
      const snapshot = {
        artistId: accountId,
        floor: HOOKS.minListeners,
        durationMs: track.duration_ms,
        steps: HOOKS.curveSteps,
        since: dealsSince(new Date(track.uploaded_at)),
      };
      const groups = await repository.hearingGroups(track.id, snapshot);
      const aggregates = aggregateHearings(groups, track.duration_ms);
      if (!aggregates) {
        return {
          status: 'not_enough_listeners',
          trackId: track.id,
          title: track.title,
          minListeners: HOOKS.minListeners,
          message: HOOKS_MESSAGES.notEnoughListeners,
        };
      }
      return {
        status: 'ready',
        trackId: track.id,
        title: track.title,
        genre: track.genre,
        ...aggregates,
        genreMedianLikeRate: await genreMedian(track.genre),
        blindNotes: aggregateNotes(await repository.noteGroups(track.id, snapshot), track.duration_ms),
        waveform: waveformOf(track.peaks),
      };
    },
  };
}

export type HooksService = ReturnType<typeof createHooksService>;
