import { useQuery } from '@tanstack/react-query';
import { analyticsApi, analyticsKeys } from '../api/analytics-api';

export function useTrackHooksQuery(trackId: string) {
  return useQuery({ queryKey: analyticsKeys.hooks(trackId), queryFn: () => analyticsApi.hooks(trackId) });
}
