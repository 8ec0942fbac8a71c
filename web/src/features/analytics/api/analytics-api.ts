import { useQuery } from '@tanstack/react-query';
import { hooksEndpoints } from '@klang/domain';
import { api } from '../../../lib/api-client';

/** One query-key factory for the hook analytics of the artist's tracks (decision 0200). */
export const analyticsKeys = {
  all: ['analytics'] as const,
  allHooks: () => [...analyticsKeys.all, 'hooks'] as const,
  hooks: (trackId: string) => [...analyticsKeys.allHooks(), trackId] as const,
};

export const analyticsApi = {
  hooks: (trackId: string) => api.call(hooksEndpoints.trackHooks, { params: { trackId } }),
  /** A plain link downloads it: same origin, the session cookie goes along. */
  hooksCsvUrl: (trackId: string) => api.url(hooksEndpoints.trackHooksCsv, { params: { trackId } }),
};

/**
 * A track's hook analytics as a query. It lives beside its call, not in a `hooks/` folder: in
 * this feature "hook" means the start of a track that holds a listener, not a React hook.
 */
export function useTrackHooksQuery(trackId: string) {
  return useQuery({ queryKey: analyticsKeys.hooks(trackId), queryFn: () => analyticsApi.hooks(trackId) });
}
