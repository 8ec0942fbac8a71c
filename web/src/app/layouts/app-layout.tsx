import { PRODUCT_NAME } from '@klang/domain';
import { MessagesSquare } from 'lucide-react';
import { Link, Outlet, useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { Logo } from '../../components/ui/logo';
import { useTopBarYieldsToToast } from '../../components/ui/toast';
import { useAuthStore } from '../../features/accounts/auth-store';
import { MiniPlayer } from '../../features/player/components/mini-player';
import { useAppliedVolume } from '../../features/player/components/now-playing';
import { NowPlayingBar } from '../../features/player/components/now-playing-bar';
import { setPackOwnerSource } from '../../features/player/offline-pack/pack-owner';
import { useListQueue } from '../../features/player/hooks/use-list-queue';
import { useMediaSession } from '../../features/player/hooks/use-media-session';
import { useListeningTimer } from '../../features/player/hooks/use-listening-timer';
import { usePlayerStore } from '../../features/player/player-store';
import { paths } from '../paths';
import { showsForumButton } from '../shell/forum-button-visibility';
import { usePlayerQuerySync } from '../shell/player-query-sync';
import { useDiscoverReturn } from '../shell/use-discover-return';
import { AppSidebar } from './app-sidebar';
import { BottomNav } from './bottom-nav';

// The offline pack on this device belongs to one listener (issue 32): it reads who is signed in
// from here, since the player feature does not import the accounts feature. Here and not in the
// root layout: only the signed-in screens deal with a pack, and the landing's download stays
// within its budget.
setPackOwnerSource(() => useAuthStore.getState().user?.id ?? null);

/**
 * Spec 002 §2.12: the mini player shows on these screens when a track is loaded, never on /player;
 * and on a blind share link's page, which plays its track there (decision 0307).
 */
function showsMiniPlayer(pathname: string): boolean {
  const screens: string[] = [paths.charts, paths.library, paths.profile];
  return (
    screens.includes(pathname) || pathname.startsWith('/artist/') || pathname.startsWith(paths.share(''))
  );
}

/**
 * The desktop bar shows under every app screen but Discover, which is the full-size player
 * itself (the same rule as the mini player's 'never on /player'; docs/decisions/0110).
 */
function showsNowPlayingBar(pathname: string): boolean {
  return pathname !== paths.player;
}

const artistHref = (artistId: string) => paths.artist(artistId);

/**
 * The signed-in app. On a phone (below 1024 px): a slim top bar with the logo and the forum
 * button, the screen, the mini player and the fixed bottom navigation. From 1024 px: the sidebar,
 * the screen and the now-playing bar. Nothing is laid over the screen without room reserved
 * for it: the main element is padded by exactly what is fixed below it.
 */
export function AppLayout() {
  const { pathname } = useLocation();
  const hasTrack = usePlayerStore((state) => state.currentTrack !== null);
  // Spec 002 §2.9: the forum button is for signed-in users with a known profile type.
  const hasProfile = useAuthStore((state) => state.user !== null && state.profile !== null);
  const withMiniPlayer = hasTrack && showsMiniPlayer(pathname);
  const withBar = showsNowPlayingBar(pathname);
  const { isYielding: isBarYielding, barStyle } = useTopBarYieldsToToast();
  useListeningTimer(useAuthStore((state) => state.user !== null));
  useDiscoverReturn();
  useListQueue();
  useMediaSession();
  useAppliedVolume();
  usePlayerQuerySync();
  return (
    <div className="flex min-h-dvh flex-col lg:pl-64">
      <AppSidebar hasPlayerBar={withBar} className="max-lg:hidden" />
      <header
        className="sticky top-0 z-30 border-b border-line/60 bg-bg/85 backdrop-blur-xl lg:hidden"
        style={barStyle}
      >
        <div
          className={cn(
            'mx-auto flex h-14 max-w-6xl items-center justify-between px-5 sm:px-8',
            isBarYielding && 'invisible',
          )}
          inert={isBarYielding}
        >
          <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} className="-m-1 rounded-lg p-1">
            <Logo isDecorative className="h-6" />
          </Link>
          {hasProfile && showsForumButton(pathname) && (
            <Link
              to={paths.forum}
              aria-label="Open Forum"
              title="Open Forum"
              className="-mr-1 grid size-10 place-items-center rounded-full bg-field text-fg transition-colors hover:bg-primary hover:text-on-primary"
            >
              <MessagesSquare aria-hidden="true" className="size-5" />
            </Link>
          )}
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          // Desktop: a gutter beside the sidebar for screens that run the full width (the Kit hub).
          'flex-1 outline-none lg:px-4',
          // Phone: the bottom navigation (4 rem), plus the mini player (4.5 rem) when it shows.
          withMiniPlayer
            ? 'pb-[calc(8.5rem+env(safe-area-inset-bottom))]'
            : 'pb-[calc(4rem+env(safe-area-inset-bottom))]',
          // Desktop: the now-playing bar (5 rem) and a little air.
          withBar ? 'lg:pb-24' : 'lg:pb-8',
        )}
      >
        <Outlet />
      </main>
      {withMiniPlayer && (
        <div className="lg:hidden">
          <MiniPlayer artistHref={artistHref} />
        </div>
      )}
      {withBar && (
        <NowPlayingBar
          className="max-lg:hidden"
          artistHref={artistHref}
          idle={
            <>
              Nothing playing.{' '}
              <Link to={paths.player} className="font-semibold text-accent hover:underline">
                Start Discover
              </Link>
            </>
          }
        />
      )}
      <BottomNav />
    </div>
  );
}
