import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, hooksEndpoints, type StartAbTest } from '@klang/domain';
import { api } from '../../../lib/api-client';

/** One query-key factory for the analytics of the artist's tracks: hooks (decision 0200), A/B tests. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  allHooks: () => [...analyticsKeys.all, 'hooks'] as const,
  hooks: (trackId: string) => [...analyticsKeys.allHooks(), trackId] as const,
  allAbTests: () => [...analyticsKeys.all, 'ab-test'] as const,
  abTest: (trackId: string) => [...analyticsKeys.allAbTests(), trackId] as const,
  shareFunnel: (days: number) => [...analyticsKeys.all, 'share-funnel', days] as const,
};

export const analyticsApi = {
  hooks: (trackId: string) => api.call(hooksEndpoints.trackHooks, { params: { trackId } }),
  /** A plain link downloads it: same origin, the session cookie goes along. */
  hooksCsvUrl: (trackId: string) => api.url(hooksEndpoints.trackHooksCsv, { params: { trackId } }),
  abTest: (trackId: string) => api.call(hooksEndpoints.trackAbTest, { params: { trackId } }),
  startAbTest: (trackId: string, body: StartAbTest) =>
    api.call(hooksEndpoints.startAbTest, { params: { trackId }, body }),
  stopAbTest: (trackId: string) => api.call(hooksEndpoints.stopAbTest, { params: { trackId } }),
  abTestCsvUrl: (trackId: string) => api.url(hooksEndpoints.trackAbTestCsv, { params: { trackId } }),
  /** The team's share funnel (decision 0309): admins only. */
  shareFunnel: (days: number) => api.call(adminEndpoints.shareFunnel, { query: { days } }),
};

/**
 * A track's hook analytics as a query. It lives beside its call, not in a `hooks/` folder: in
 * this feature "hook" means the start of a track that holds a listener, not a React hook.
 */
export function useTrackHooksQuery(trackId: string) {
  return useQuery({ queryKey: analyticsKeys.hooks(trackId), queryFn: () => analyticsApi.hooks(trackId) });
}

/** A running test's figures move in steps of five listeners: a look every half minute keeps them live. */
const RUNNING_TEST_POLL_MS = 30_000;

/** A track's A/B test page (issue 31 item 1): what may start, and the running or last test. */
export function useTrackAbTestQuery(trackId: string) {
  return useQuery({
    queryKey: analyticsKeys.abTest(trackId),
    queryFn: () => analyticsApi.abTest(trackId),
    refetchInterval: (query) => (query.state.data?.test?.status === 'running' ? RUNNING_TEST_POLL_MS : false),
  });
}

/** Start and stop answer with the whole page, which replaces the cached one. */
export function useStartAbTestMutation(trackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StartAbTest) => analyticsApi.startAbTest(trackId, body),
    onSuccess: (page) => {
      queryClient.setQueryData(analyticsKeys.abTest(trackId), page);
    },
  });
}

export function useStopAbTestMutation(trackId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => analyticsApi.stopAbTest(trackId),
    onSuccess: (page) => {
      queryClient.setQueryData(analyticsKeys.abTest(trackId), page);
    },
  });
}
