import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountKeys, accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';

/**
 * Spec 000 §4: the stored session is loaded at startup. The server's answer wins over what
 * auth-storage remembered: no session there means signed out here too. The store is updated
 * inside the query, so it is current the moment the query stops pending. A network failure keeps
 * the stored user, so a flaky connection does not sign anyone out.
 *
 * The session itself goes to the auth store, its one holder; the query keeps only whether the
 * server knew one, and when it was asked (so a check is not repeated within the minute).
 */
export const sessionQuery = queryOptions({
  queryKey: accountKeys.session(),
  queryFn: async () => {
    const { session } = await accountsApi.session();
    if (session) useAuthStore.getState().applySession(session);
    else useAuthStore.getState().clearSession();
    return { isSignedIn: session !== null };
  },
  staleTime: 60_000,
  retry: 1,
});

export function useSessionRestore(): { isChecking: boolean } {
  const query = useQuery(sessionQuery);
  return { isChecking: query.isPending };
}
