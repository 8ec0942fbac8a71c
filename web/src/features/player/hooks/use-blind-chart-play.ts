import { useCallback, useState } from 'react';
import { PLAYER_MESSAGES } from '@klang/domain';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';
import { playTrack } from '../audio/audio-engine';
import { usePlayerStore } from '../player-store';

/**
 * Plays a masked chart row blind (decision 0288): the server deals the track at that place of
 * the chart under a new alias, and the player plays it from the `charts` origin, masked until
 * the listener likes it (the like button of the mini player). `pending` is the place being
 * dealt, so a second tap waits for the first.
 */
export function useBlindChartPlay() {
  const [pending, setPending] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const play = useCallback(async (genre: string, position: number) => {
    setError(null);
    setPending(position);
    try {
      const { track } = await playerApi.chartDeal(genre, position);
      usePlayerStore.getState().setCurrentTrack(track, 'charts');
      await playTrack(track.id);
    } catch (playError) {
      setError(playError instanceof ApiError ? playError.message : PLAYER_MESSAGES.audioFailedToLoad);
    } finally {
      setPending(null);
    }
  }, []);

  return { play, pending, error };
}

export type BlindChartPlay = ReturnType<typeof useBlindChartPlay>;
