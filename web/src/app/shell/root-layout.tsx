import { usePlayerSignOut } from './use-player-sign-out';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useAuthStore } from '../../features/accounts/auth-store';
import { useShellDemoRefusal } from '../../features/accounts/hooks/use-shell-demo-refusal';
import { FloatingForumButton } from '../../features/forum/components/floating-forum-button';
import { BRAND_ASSETS } from '../../lib/brand-assets';
import { paths } from '../paths';
import { showsForumButton } from './forum-button-visibility';
import { useHiddenPageMotion } from './use-hidden-page-motion';
import { useIdlePreload } from './use-idle-preload';
import { usePageViews } from './use-page-views';

// Loaded when a demo refusal first needs it: the dialog's code stays out of the first route.
const DemoRestrictionDialog = lazy(async () => {
  const module = await import('../../features/accounts/components/demo-restriction-dialog');
  return { default: module.DemoRestrictionDialog };
});

const PRELOADED_IMAGES = [BRAND_ASSETS.logo, BRAND_ASSETS.verifiedBadge];

/** Set as a layout route's `handle` when the layout places the forum entry itself. */
export type ShellRouteHandle = { placesForumEntry?: boolean };

function placesForumEntry(handle: unknown): boolean {
  return (
    typeof handle === 'object' && handle !== null && (handle as ShellRouteHandle).placesForumEntry === true
  );
}

/**
 * Spec 002 §2.9: whether the floating 'Open Forum' button shows here. The signed-in app places
 * its forum entry in its own header and sidebar, where it covers nothing; only the public pages,
 * visited while signed in, float it.
 */
export function useFloatingForumButton(): boolean {
  const { pathname } = useLocation();
  const isPlacedByLayout = useMatches().some((match) => placesForumEntry(match.handle));
  // Signed in, with a known profile type.
  const hasProfile = useAuthStore((state) => state.user !== null && state.profile !== null);
  return hasProfile && !isPlacedByLayout && showsForumButton(pathname);
}

/** The shell around every route: the cross-cutting rules of spec 002 §4 live here, once. */
export function RootLayout() {
  usePageViews();
  useHiddenPageMotion();
  usePlayerSignOut();
  useIdlePreload(PRELOADED_IMAGES);
  const hasForumButton = useFloatingForumButton();
  const demoRefusal = useShellDemoRefusal();
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-full bg-primary px-4 py-2 font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200]"
      >
        Skip to content
      </a>
      <Outlet />
      {hasForumButton && <FloatingForumButton href={paths.forum} />}
      {demoRefusal.message !== null && (
        <Suspense fallback={null}>
          <DemoRestrictionDialog
            message={demoRefusal.message}
            onClose={demoRefusal.close}
            createAccountPath={paths.accountType}
          />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code downloads: the page colour only, so nothing flashes. */
export function RootFallback() {
  return <div className="min-h-dvh bg-bg" aria-busy="true" />;
}
