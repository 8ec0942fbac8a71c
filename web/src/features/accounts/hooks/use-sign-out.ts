import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';

/**
 * Spec 000 §4: sign-out clears local state first (user, profile, tier back to free, cached
 * queries), then ends the server session; a failed server call is tolerated, the cookie then
 * expires on its own.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const hadUser = useAuthStore.getState().user !== null;
    useAuthStore.getState().clearSession();
    queryClient.clear();
    if (!hadUser) return;
    try {
      await accountsApi.logout();
    } catch (error) {
      console.warn('Server sign-out failed; the local session is cleared', error);
    }
  }, [queryClient]);
}
