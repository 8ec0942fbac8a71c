import { demoTracksEndpoints } from '@klang/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const demoTrackKeys = { all: ['demo-tracks'] as const };

/** The landing page's demo tracks (spec 000 §7, limit 50): blind, ids and signed audio URLs only. */
export function useDemoTracksQuery() {
  return useQuery({
    queryKey: demoTrackKeys.all,
    queryFn: async ({ signal }) => (await api.call(demoTracksEndpoints.demoTracks, { signal })).tracks,
    // The audio URLs are signed for 30 minutes; fetch fresh ones well before they lapse.
    staleTime: 10 * 60_000,
  });
}

/** The like of the demo player: the server answers the track's title, artist and cover. */
export function useRevealDemoTrackMutation() {
  return useMutation({
    mutationFn: (trackId: string) =>
      api.call(demoTracksEndpoints.revealDemoTrack, { params: { id: trackId } }),
  });
}
