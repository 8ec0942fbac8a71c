import { playerEndpoints, type TasteSummary } from '@klang/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { playerKeys } from './player-keys';

/** What the deck has learned of the listener's taste (decision 0285). */
export function useTasteQuery() {
  return useQuery({
    queryKey: playerKeys.taste(),
    queryFn: ({ signal }) => api.call(playerEndpoints.taste, { signal }),
  });
}

/** The genres the deck starts from; the answer is the taste as it now stands. */
export function useDoorGenresMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (genres: TasteSummary['doorGenres']) =>
      api.call(playerEndpoints.setDoorGenres, { body: { genres } }),
    onSuccess: (taste) => {
      queryClient.setQueryData(playerKeys.taste(), taste);
    },
  });
}

/** Forgets what the deck learned, and the door's genres. */
export function useResetTasteMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.call(playerEndpoints.resetTaste),
    onSuccess: (taste) => {
      queryClient.setQueryData(playerKeys.taste(), taste);
    },
  });
}
