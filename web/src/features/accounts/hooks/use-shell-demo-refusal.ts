import { ACCOUNT_MESSAGES as M, paymentsEndpoints } from '@klang/domain';
import { useCallback, useEffect, useState } from 'react';
import { onRefusal } from '../../../lib/api-client';
import { isDemoUser, useAuthStore } from '../auth-store';

/** The spec's checkout function; the plans page starts it, and only the shell answers its demo refusal. */
const CHECKOUT_PATH = paymentsEndpoints.createCheckout.path;

/**
 * The demo refusals that no screen has a place for: a forum post or reply, a follow (spec 001 §8:
 * follow errors are only logged), a checkout from the plans page. The server refuses them
 * (issue 18); the shell shows the spec's demo popup for them (spec 001 §6). Screens that show
 * their own popup (profile, settings, account) use `useDemoRefusal` and are not listed here.
 */
export function useShellDemoRefusal() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(
    () =>
      onRefusal(({ path, error }) => {
        if (!isDemoUser(useAuthStore.getState().user)) return;
        const isUnplaced =
          error.message === M.demoForum ||
          error.message === M.demoFollow ||
          (path === CHECKOUT_PATH && error.message === M.demoSubscription);
        if (isUnplaced) setMessage(error.message);
      }),
    [],
  );
  const close = useCallback(() => {
    setMessage(null);
  }, []);
  return { message, close };
}
