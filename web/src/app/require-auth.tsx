import { Navigate, Outlet, useLocation } from 'react-router';
import type { AuthRedirectState } from '../features/accounts/auth-redirect';
import { useAuthStore } from '../features/accounts/auth-store';
import { paths } from './paths';

/**
 * Guards the login-required routes of spec 002 §2.1: without a user, go to /login, remembering
 * where the visitor was headed, and replace the history entry so Back does not bounce them here.
 */
export function RequireAuth() {
  const user = useAuthStore((state) => state.user);
  const location = useLocation();
  if (!user) {
    const state: AuthRedirectState = { from: location };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return <Outlet />;
}
