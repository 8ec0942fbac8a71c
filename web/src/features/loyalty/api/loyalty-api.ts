import { loyaltyEndpoints } from '@klang/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const loyaltyKeys = { card: ['loyalty', 'card'] as const };

export function useLoyaltyCardQuery(enabled: boolean) {
  return useQuery({
    queryKey: loyaltyKeys.card,
    queryFn: ({ signal }) => api.call(loyaltyEndpoints.loyaltyCard, { signal }),
    enabled,
    // Points move with every swipe: read them fresh each time the card opens.
    staleTime: 0,
  });
}
