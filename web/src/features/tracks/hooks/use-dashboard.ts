import { useQuery } from '@tanstack/react-query';
import { tracksApi, tracksKeys } from '../api/tracks-api';

export function useDashboardQuery() {
  return useQuery({ queryKey: tracksKeys.dashboard(), queryFn: tracksApi.dashboard });
}
