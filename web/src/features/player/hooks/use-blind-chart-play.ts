import { useMutation } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { PLAYER_MESSAGES } from '@klang/domain';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';
import { playTrack } from '../audio/audio-engine';
import { usePlayerStore } from '../player-store';

/**
 * Plays a masked chart row blind (decision 0288): the server deals the track at that place of
 * the chart under a new alias, and the player plays it from the `charts` origin, masked until
 * the listener likes it (the like button of the mini player). `pending` is the place being
 * dealt, so a second tap waits for the first. A deal is a write: a mutation, never retried.
 */
export function useBlindChartPlay() {
  const deal = useMutation({
    mutationFn: async ({ genre, position }: { genre: string; position: number }) => {
      const { track } = await playerApi.chartDeal(genre, position);
      usePlayerStore.getState().setCurrentTrack(track, 'charts');
      await playTrack(track.id);
    },
  });

  const { mutateAsync } = deal;
  // `isPending` is true from the render after the call: a double tap lands both taps before it,
  // and each would deal the place again. The ref says so at once.
  const inFlight = useRef(false);
  const play = useCallback(
    async (genre: string, position: number) => {
      if (inFlight.current) return;
      inFlight.current = true;
      try {
        // The failure is shown from the mutation's error.
        await mutateAsync({ genre, position }).catch(() => undefined);
      } finally {
        inFlight.current = false;
      }
    },
    [mutateAsync],
  );
  const pending = deal.isPending ? deal.variables.position : null;
  const error = deal.error
    ? deal.error instanceof ApiError
      ? deal.error.message
      : PLAYER_MESSAGES.audioFailedToLoad
    : null;

  return { play, pending, error };
}

export type BlindChartPlay = ReturnType<typeof useBlindChartPlay>;
