import { catalogueEndpoints, followsEndpoints, playerEndpoints, type ArtistPage } from '@klang/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One key factory for everything a listener browses; a like or a follow invalidates `all`. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  chart: (genre: string) => [...catalogueKeys.all, 'chart', genre] as const,
  library: () => [...catalogueKeys.all, 'library'] as const,
  artist: (ref: ArtistRef) => [...catalogueKeys.all, 'artist', ref] as const,
  follows: () => [...catalogueKeys.all, 'follows'] as const,
  chartMethod: () => [...catalogueKeys.all, 'chart-method'] as const,
};

/** An artist page is opened by id (`/artist/{id}`) or by a pro artist's custom URL. */
export type ArtistRef = { id: string } | { url: string };

export function useChartQuery(genre: string) {
  return useQuery({
    queryKey: catalogueKeys.chart(genre),
    queryFn: ({ signal }) => api.call(catalogueEndpoints.chart, { query: { genre }, signal }),
  });
}

export function useLibraryQuery() {
  return useQuery({
    queryKey: catalogueKeys.library(),
    queryFn: async ({ signal }) => (await api.call(catalogueEndpoints.library, { signal })).tracks,
  });
}

export function useRemoveFromLibraryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: string) => api.call(playerEndpoints.removeFromLibrary, { params: { trackId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

/**
 * The library's undo: the like rule puts a liked track back in the library (spec 000 §4), through
 * the server, so its counter moves once and no points are earned twice.
 */
export function useRestoreToLibraryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trackId: string) =>
      api.call(playerEndpoints.likeTrack, { params: { trackId }, body: { addToLibrary: true } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}

export function useArtistPageQuery(ref: ArtistRef) {
  return useQuery({
    queryKey: catalogueKeys.artist(ref),
    queryFn: ({ signal }) =>
      'id' in ref
        ? api.call(catalogueEndpoints.artistPage, { params: { artistId: ref.id }, signal })
        : api.call(catalogueEndpoints.artistPageByUrl, { params: { artistUrl: ref.url }, signal }),
    // A missing or unavailable profile is an answer, not a hiccup to retry.
    retry: false,
  });
}

/** Follow is an upsert and unfollow a delete (spec 001 §4); the page reloads afterwards. */
export function useFollowMutation(ref: ArtistRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (artist: ArtistPage['artist']) =>
      api.call(artist.isFollowing ? followsEndpoints.unfollowArtist : followsEndpoints.followArtist, {
        params: { artistId: artist.id },
      }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.artist(ref) });
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.follows() });
    },
  });
}

export function useFollowedArtistsQuery() {
  return useQuery({
    queryKey: catalogueKeys.follows(),
    queryFn: async ({ signal }) => (await api.call(catalogueEndpoints.followedArtists, { signal })).artists,
  });
}

/** The published chart method's live figures (`/charts/method`): public, the same for everyone. */
export function useChartMethodQuery() {
  return useQuery({
    queryKey: catalogueKeys.chartMethod(),
    queryFn: ({ signal }) => api.call(catalogueEndpoints.chartMethod, { signal }),
    staleTime: 60_000,
  });
}
