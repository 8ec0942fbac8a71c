import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { isDemoUser, useAuthStore } from '../auth-store';

/**
 * The server refuses restricted actions of the demo account (spec 001 §6) with the spec's
 * message; this turns such a refusal into the demo popup instead of an inline error.
 */
export function useDemoRefusal() {
  const [message, setMessage] = useState<string | null>(null);
  const catchRefusal = useCallback((error: unknown): boolean => {
    if (!isApiError(error) || error.status !== 403 || !isDemoUser(useAuthStore.getState().user)) return false;
    setMessage(error.message);
    return true;
  }, []);
  const close = useCallback(() => {
    setMessage(null);
  }, []);
  return { message, catchRefusal, close };
}
