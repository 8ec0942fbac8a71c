import { useCallback, useState } from 'react';
import { PLAYER_MESSAGES } from '@klang/domain';
import { ApiError } from '../../../lib/api-error';
import { getAudioElement, pauseAudio, playTrack, resumeTrack } from '../audio/audio-engine';
import { updateMediaSession } from '../media-session';
import { usePlayerStore, type TrackOrigin } from '../player-store';
import { useAudioState } from './use-audio-state';

/** A track a list may play: one the listener liked, so its name is theirs to see. */
export interface PlayableListedTrack {
  id: string;
  title: string;
  artist: string;
  artistId: string;
  coverUrl: string | null;
  durationMs: number | null;
}

/**
 * Playing liked tracks from a list: charts, the library, an artist page (spec 000 §4). The same
 * track from the same origin toggles play and pause; another one replaces what was playing,
 * with its name shown in the mini player because the listener has liked it.
 */
export function useListPlayback(origin: Exclude<TrackOrigin, 'player'>) {
  const currentId = usePlayerStore((state) =>
    state.trackOrigin === origin ? (state.currentTrack?.id ?? null) : null,
  );
  const audio = useAudioState();
  const [error, setError] = useState<string | null>(null);

  const toggle = useCallback(
    async (track: PlayableListedTrack) => {
      setError(null);
      const state = usePlayerStore.getState();
      try {
        if (state.currentTrack?.id === track.id && state.trackOrigin === origin) {
          // The element itself, not React state, which may lag a quick second tap by one event.
          if (!getAudioElement().paused) pauseAudio();
          else await resumeTrack(track.id);
          return;
        }
        const revealed = {
          trackId: track.id,
          title: track.title,
          artist: track.artist,
          artistId: track.artistId,
          coverUrl: track.coverUrl,
        };
        state.setCurrentTrack({ id: track.id, durationMs: track.durationMs }, origin);
        state.markLiked(revealed);
        updateMediaSession(revealed, { play: () => void resumeTrack(track.id), pause: pauseAudio });
        await playTrack(track.id);
      } catch (playError) {
        setError(playError instanceof ApiError ? playError.message : PLAYER_MESSAGES.audioFailedToLoad);
      }
    },
    [origin],
  );

  return {
    currentId,
    isPlaying: currentId !== null && audio.isPlaying,
    isLoading: currentId !== null && audio.isLoading,
    error: error ?? (currentId !== null && audio.hasError ? PLAYER_MESSAGES.audioFailedToLoad : null),
    toggle,
  };
}
