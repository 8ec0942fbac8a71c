import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import type { AuthRedirectState } from '../features/accounts/auth-redirect';
import { useAuthStore } from '../features/accounts/auth-store';
import { useDailyLoginCheck } from '../features/accounts/hooks/use-daily-login-check';
import { useSessionRestore } from '../features/accounts/hooks/use-session-restore';
import { paths } from './paths';

/**
 * Guards the login-required routes of spec 002 §2.1. The server's session is the truth: it is
 * asked on load (GET /api/accounts/session), and until it answers a visitor with nothing stored sees
 * a spinner rather than a bounce to /login. Without a user, go to /login, remembering where the
 * visitor was headed, and replace the history entry so Back does not bounce them here.
 *
 * Without a user while a navigation is under way (signing out leaves for /login, deleting the
 * account for the home page), render nothing and let that navigation decide: the router commits it
 * in a transition, which the store's synchronous update overtakes, and a redirect from here would
 * interrupt it and remember this screen as the place to return to (footguns.md).
 */
export function RequireAuth() {
  const user = useAuthStore((state) => state.user);
  const { isChecking } = useSessionRestore();
  useDailyLoginCheck();
  const location = useLocation();
  const navigation = useNavigation();
  if (!user && navigation.state !== 'idle') return null;
  if (!user && isChecking) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Loading your account" size="lg" />
      </div>
    );
  }
  if (!user) {
    const state: AuthRedirectState = { from: location };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
