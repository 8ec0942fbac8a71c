import type { ArtistTracksResponse } from '@klang/domain';
import { TRACK_MESSAGES as M } from '@klang/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-error';
import { tracksKeys, tracksApi } from '../api/tracks-api';
import { featureFailureMessage } from '../upload-rules';

/** While a track is processing, its state is polled so the list shows when it becomes ready. */
const PROCESSING_POLL_MS = 2000;

export function useArtistTracksQuery() {
  return useQuery({
    queryKey: tracksKeys.list(),
    queryFn: tracksApi.tracks,
    refetchInterval: (query) =>
      query.state.data?.tracks.some((t) => t.status === 'processing') ? PROCESSING_POLL_MS : false,
  });
}

function messageOf(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
}

/**
 * Spec 001 §7 Feature toggle: the switch moves at once and moves back if the server refuses,
 * with the spec's success and failure texts.
 */
export function useFeatureTrackMutation(onRefusal?: (error: unknown) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, featured }: { trackId: string; featured: boolean }) =>
      tracksApi.setFeatured(trackId, featured),
    onMutate: async ({ trackId, featured }) => {
      await queryClient.cancelQueries({ queryKey: tracksKeys.list() });
      const previous = queryClient.getQueryData<ArtistTracksResponse>(tracksKeys.list());
      if (previous) {
        queryClient.setQueryData<ArtistTracksResponse>(tracksKeys.list(), {
          ...previous,
          tracks: previous.tracks.map((t) => (t.id === trackId ? { ...t, featured } : t)),
        });
      }
      return { previous };
    },
    onError: (error, { featured }, context) => {
      if (context?.previous) queryClient.setQueryData(tracksKeys.list(), context.previous);
      if (onRefusal?.(error)) return;
      toast.error(featureFailureMessage(featured, messageOf(error, '')).trim());
    },
    onSuccess: (_data, { featured }) => {
      toast.success(featured ? M.featured : M.unfeatured);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tracksKeys.all }),
  });
}

export function useDeleteTrackMutation(onRefusal?: (error: unknown) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: string) => tracksApi.remove(trackId),
    onSuccess: () => {
      toast.success(M.deleted);
    },
    onError: (error) => {
      if (onRefusal?.(error)) return;
      toast.error(isApiError(error) ? error.message : M.deleteFailed);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tracksKeys.all }),
  });
}

export function useRetryTrackMutation(onRefusal?: (error: unknown) => boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: string) => tracksApi.retry(trackId),
    onError: (error) => {
      if (onRefusal?.(error)) return;
      toast.error(messageOf(error, M.uploadFailed));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: tracksKeys.all }),
  });
}

/** Saves the artist's tempo and key for a track; the list shows them once the server has them. */
export function useSetTrackSoundMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ trackId, bpm, key }: { trackId: string; bpm: number | null; key: string | null }) =>
      tracksApi.setSound(trackId, { bpm, key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tracksKeys.all }),
  });
}
