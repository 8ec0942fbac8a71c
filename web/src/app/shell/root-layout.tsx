import { usePlayerSignOut } from './use-player-sign-out';
import { Outlet, ScrollRestoration } from 'react-router';
import { BRAND_ASSETS } from '../../lib/brand-assets';
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
  return (
    <>
      <a
        href="#main"
        className="sr-only rounded-full bg-primary px-4 py-2 font-semibold text-on-primary focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200]"
      >
        Skip to content
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown while the first route's code downloads: the page colour only, so nothing flashes. */
export function RootFallback() {
  return <div className="min-h-dvh bg-bg" aria-busy="true" />;
}
