import { lazy, Suspense } from 'react';
import { useAuthStore } from '../../features/accounts/auth-store';
import { useSessionRestore } from '../../features/accounts/hooks/use-session-restore';
import { PublicLayout } from './public-layout';

// The app's shell is its own chunk, as under RequireAuth: a visitor never downloads it here.
const AppLayout = lazy(() => import('./app-layout').then((module) => ({ default: module.AppLayout })));

/**
 * A public page the app links to (the charts method): a signed-in user reads it inside the app's
 * shell, keeping the app's navigation and the way back; a visitor reads it in the site's. The
 * server's session decides, as for RequireAuth, and a visitor is never kept waiting for it.
 */
export function MemberAwareLayout() {
  const isSignedIn = useAuthStore((state) => state.user !== null);
  useSessionRestore();
  if (!isSignedIn) return <PublicLayout />;
  return (
    <Suspense fallback={<div className="min-h-dvh bg-bg" aria-busy="true" />}>
      <AppLayout />
    </Suspense>
  );
}
