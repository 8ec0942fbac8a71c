import { useCallback, useRef, useState } from 'react';
import { PLAYER_MESSAGES, type BlindTrack, type FollowState, type Reveal } from '@klang/domain';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';
import { pauseAudio, playTrack, preloadTrack, resetAudio, resumeTrack } from '../audio/audio-engine';
import { updateMediaSession } from '../media-session';
import { usePlayerStore } from '../player-store';

export type DiscoverPhase = 'start' | 'loading' | 'track' | 'all-liked' | 'empty';

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The Discover flow (spec 000 §4, spec 001 §4): start, then a blind track; like reveals it and
 * rechecks the all-liked state, skip records a dislike and moves on; the next pick is fetched
 * and its URL preloaded while the current one plays.
 */
/**
 * Spec 002 §4: opening Discover while a track from another origin (charts, library) is loaded
 * resets the player; a Discover track carries on where it was.
 */
function resumableTrack(): BlindTrack | null {
  const { currentTrack, trackOrigin, reset } = usePlayerStore.getState();
  if (currentTrack && trackOrigin !== 'player') {
    resetAudio();
    reset();
    return null;
  }
  return currentTrack;
}

export function useDiscover() {
  const [initial] = useState(resumableTrack);
  const [phase, setPhase] = useState<DiscoverPhase>(initial ? 'track' : 'start');
  const [track, setTrack] = useState<BlindTrack | null>(initial);
  // The track on screen as event handlers must see it: a key press can arrive before React has
  // re-rendered the handler with the track that just replaced the last one.
  const shownTrack = useRef<BlindTrack | null>(initial);
  const isLiking = useRef(false);
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const upcoming = useRef<BlindTrack | null>(null);
  const setCurrentTrack = usePlayerStore((state) => state.setCurrentTrack);
  const markLiked = usePlayerStore((state) => state.markLiked);

  const prefetch = useCallback(async (currentId: string) => {
    try {
      const next = await playerApi.next(currentId);
      upcoming.current = next.state === 'track' ? next.track : null;
      if (upcoming.current) preloadTrack(upcoming.current.id);
    } catch {
      upcoming.current = null;
    }
  }, []);

  const show = useCallback(
    (next: BlindTrack) => {
      shownTrack.current = next;
      setTrack(next);
      setReveal(null);
      setPhase('track');
      setCurrentTrack(next, 'player');
      updateMediaSession(null, {
        play: () => void resumeTrack(next.id),
        pause: pauseAudio,
      });
      // Not awaited: the track is on screen and can be rated while its audio starts, so a second
      // quick swipe acts on it instead of being dropped while the first one's audio loads.
      playTrack(next.id).catch((playError: unknown) => {
        setError(messageOf(playError, PLAYER_MESSAGES.failedToPlayAudio));
      });
      void prefetch(next.id);
    },
    [prefetch, setCurrentTrack],
  );

  /** Shows the next track; resolves to its id, or null when there is none (an end state). */
  const advance = useCallback(
    async (currentId: string | null): Promise<string | null> => {
      setError(null);
      const ready = upcoming.current;
      upcoming.current = null;
      if (ready && ready.id !== currentId && !usePlayerStore.getState().likedTrackIds.includes(ready.id)) {
        show(ready);
        return ready.id;
      }
      setPhase((p) => (p === 'start' ? 'loading' : p));
      try {
        const next = await playerApi.next(currentId);
        if (next.state === 'track') {
          show(next.track);
          return next.track.id;
        }
        pauseAudio();
        shownTrack.current = null;
        setTrack(null);
        setPhase(next.state);
      } catch (loadError) {
        setError(messageOf(loadError, PLAYER_MESSAGES.failedToPlayAudio));
      }
      return null;
    },
    [show],
  );

  const start = useCallback(async () => {
    await advance(null);
  }, [advance]);

  const like = useCallback(async () => {
    if (!track || isBusy) return;
    isLiking.current = true;
    setIsBusy(true);
    try {
      const revealed = await playerApi.like(track.id, false);
      const shown = {
        trackId: track.id,
        title: revealed.track.title,
        artist: revealed.track.artist,
        artistId: revealed.track.artistId,
      };
      markLiked(shown);
      updateMediaSession(shown, { play: () => void resumeTrack(track.id), pause: pauseAudio });
      setReveal(revealed);
    } catch (likeError) {
      setError(messageOf(likeError, PLAYER_MESSAGES.trackUnavailable));
    } finally {
      isLiking.current = false;
      setIsBusy(false);
    }
  }, [isBusy, markLiked, track]);

  // A skip that arrives while the previous one is still being recorded is kept and applied to
  // the track that comes next: a listener swiping twice quickly means two skips.
  const isSkipping = useRef(false);
  const isSkipQueued = useRef(false);
  /** Whether a skip came in while the last one was recorded; asking clears it. */
  const takeQueuedSkip = () => {
    const queued = isSkipQueued.current;
    isSkipQueued.current = false;
    return queued;
  };
  const skip = useCallback(async () => {
    const start = shownTrack.current;
    if (!start) return;
    if (isSkipping.current) {
      isSkipQueued.current = true;
      return;
    }
    // A like being recorded is not interrupted by a skip.
    if (isLiking.current) return;
    isSkipping.current = true;
    setIsBusy(true);
    try {
      let current: string | null = start.id;
      while (current) {
        takeQueuedSkip();
        await playerApi.dislike(current);
        const shown: string | null = await advance(current);
        current = takeQueuedSkip() ? shown : null;
      }
    } catch (skipError) {
      setError(messageOf(skipError, PLAYER_MESSAGES.trackUnavailable));
    } finally {
      isSkipping.current = false;
      isSkipQueued.current = false;
      setIsBusy(false);
    }
  }, [advance]);

  const next = useCallback(() => advance(track?.id ?? null), [advance, track]);

  const toggleLibrary = useCallback(async () => {
    if (!reveal) return;
    try {
      if (reveal.addedToLibrary) {
        await playerApi.removeFromLibrary(reveal.track.id);
        setReveal({ ...reveal, addedToLibrary: false });
      } else {
        setReveal(await playerApi.like(reveal.track.id, true));
      }
    } catch (libraryError) {
      setError(messageOf(libraryError, PLAYER_MESSAGES.trackUnavailable));
    }
  }, [reveal]);

  const toggleFollow = useCallback(async () => {
    if (!reveal) return;
    const state: FollowState = reveal.artist.isFollowing
      ? await playerApi.unfollow(reveal.artist.id)
      : await playerApi.follow(reveal.artist.id);
    setReveal({
      ...reveal,
      artist: { ...reveal.artist, isFollowing: state.isFollowing, followers: state.followers },
    });
  }, [reveal]);

  const togglePlay = useCallback(
    async (isPlaying: boolean) => {
      if (!track) return;
      try {
        if (isPlaying) pauseAudio();
        else await resumeTrack(track.id);
      } catch (playError) {
        setError(messageOf(playError, PLAYER_MESSAGES.failedToPlayAudio));
      }
    },
    [track],
  );

  return {
    phase,
    track,
    reveal,
    error,
    setError,
    isBusy,
    start,
    like,
    skip,
    next,
    toggleLibrary,
    toggleFollow,
    togglePlay,
  };
}
