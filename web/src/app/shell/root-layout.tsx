import { usePlayerSignOut } from './use-player-sign-out';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useAuthStore } from '../../features/accounts/auth-store';
import { FloatingForumButton } from '../../features/forum/components/floating-forum-button';
import { usePlayerStore } from '../../features/player/player-store';
import { BRAND_ASSETS } from '../../lib/brand-assets';
import { paths } from '../paths';
import { showsForumButton } from './forum-button-visibility';
import { useHiddenPageMotion } from './use-hidden-page-motion';
import { useIdlePreload } from './use-idle-preload';
import { usePageViews } from './use-page-views';

const PRELOADED_IMAGES = [BRAND_ASSETS.logo, BRAND_ASSETS.verifiedBadge];

/** The shell around every route: the cross-cutting rules of spec 002 §4 live here, once. */
export function RootLayout() {
  usePageViews();
  useHiddenPageMotion();
  usePlayerSignOut();
  useIdlePreload(PRELOADED_IMAGES);
  const { pathname } = useLocation();
  // Spec 002 §2.9: signed in, with a known profile type.
  const hasProfile = useAuthStore((state) => state.user !== null && state.profile !== null);
  const hasTrack = usePlayerStore((state) => state.currentTrack !== null);
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-full bg-primary px-4 py-2 font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200]"
      >
        Skip to content
      </a>
      <Outlet />
      {hasProfile && showsForumButton(pathname) && (
        <FloatingForumButton href={paths.forum} isRaised={hasTrack} />
      )}
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code downloads: the page colour only, so nothing flashes. */
export function RootFallback() {
  return <div className="min-h-dvh bg-bg" aria-busy="true" />;
}
