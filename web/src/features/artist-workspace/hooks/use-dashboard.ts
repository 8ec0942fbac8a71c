import { useQuery } from '@tanstack/react-query';
import { artistKeys, artistWorkspaceApi } from '../api/artist-workspace-api';

export function useDashboardQuery() {
  return useQuery({ queryKey: artistKeys.dashboard(), queryFn: artistWorkspaceApi.dashboard });
}
