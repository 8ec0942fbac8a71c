import { useQuery } from '@tanstack/react-query';
import { artistKeys, artistWorkspaceApi } from '../api/artist-workspace-api';

export function useTrackHooksQuery(trackId: string) {
  return useQuery({ queryKey: artistKeys.hooks(trackId), queryFn: () => artistWorkspaceApi.hooks(trackId) });
}
