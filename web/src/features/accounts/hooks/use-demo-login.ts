import { ACCOUNT_MESSAGES, DEMO_ACCOUNT } from '@klang/domain';
import { useCallback, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { accountFunctionsApi } from '../api/account-functions-api';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';
import { useSignOut } from './use-sign-out';

export const DEMO_LOGIN_WAIT_MS = 500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spec 001 §4 Demo login: clear local storage, reset the player, sign out, clear the demo user's
 * interactions, sign in, wait 500 ms, then `onReady` (go to /player). Clearing needs the demo
 * session on our server (docs/decisions/0008), so it runs right after the sign-in; a failure to
 * clear is only a warning and login continues.
 */
export function useDemoLogin(options: { resetPlayer: () => void; onReady: () => void }) {
  const signOut = useSignOut();
  const [error, setError] = useState<string | null>(null);
  const [isWorking, setWorking] = useState(false);
  const { resetPlayer, onReady } = options;

  const start = useCallback(async () => {
    setWorking(true);
    setError(null);
    try {
      try {
        window.localStorage.clear();
      } catch {
        // Storage refused (private mode): nothing was kept there to clear.
      }
      resetPlayer();
      await signOut();
      const session = await accountsApi.login({
        identifier: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
      });
      useAuthStore.getState().applySession(session);
      await accountFunctionsApi.clearDemoInteractions(session.user.id).catch((failure: unknown) => {
        console.warn('Could not clear the demo interactions', failure);
      });
      await wait(DEMO_LOGIN_WAIT_MS);
      onReady();
    } catch (failure) {
      const message = isApiError(failure) ? failure.message : String(failure);
      setError(ACCOUNT_MESSAGES.demoLoginFailed.replace('{message}', message));
    } finally {
      setWorking(false);
    }
  }, [resetPlayer, onReady, signOut]);

  return { start, error, isWorking };
}
