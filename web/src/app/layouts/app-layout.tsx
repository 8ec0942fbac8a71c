import { PRODUCT_NAME } from '@klang/domain';
import { Link, Outlet, useLocation } from 'react-router';
import { useAuthStore } from '../../features/accounts/auth-store';
import { MiniPlayer } from '../../features/player/components/mini-player';
import { useListeningTimer } from '../../features/player/hooks/use-listening-timer';
import { usePlayerStore } from '../../features/player/player-store';
import { Logo } from '../../components/ui/logo';
import { paths } from '../paths';
import { useDiscoverReturn } from '../shell/use-discover-return';
import { BottomNav } from './bottom-nav';

/** Spec 002 §2.12: the mini player shows on these screens when a track is loaded, never on /player. */
function showsMiniPlayer(pathname: string): boolean {
  const screens: string[] = [paths.charts, paths.library, paths.profile];
  return screens.includes(pathname) || pathname.startsWith('/artist/');
}

/** The signed-in app: a slim top bar, the screen, and the fixed bottom navigation. */
export function AppLayout() {
  const { pathname } = useLocation();
  const hasTrack = usePlayerStore((state) => state.currentTrack !== null);
  const withMiniPlayer = hasTrack && showsMiniPlayer(pathname);
  useListeningTimer(useAuthStore((state) => state.user !== null));
  useDiscoverReturn();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line/60">
        <div className="mx-auto flex h-14 max-w-6xl items-center px-5 sm:px-8">
          <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} className="-m-1 rounded-lg p-1">
            <Logo isDecorative className="h-6" />
          </Link>
        </div>
      </header>
      {/* Room for the fixed navigation, so the last row of any screen stays reachable. */}
      <main
        id="main"
        tabIndex={-1}
        className={
          withMiniPlayer
            ? 'flex-1 pb-[calc(8.5rem+env(safe-area-inset-bottom))] outline-none'
            : 'flex-1 pb-[calc(4rem+env(safe-area-inset-bottom))] outline-none'
        }
      >
        <Outlet />
      </main>
      {withMiniPlayer && <MiniPlayer artistHref={(artistId) => paths.artist(artistId)} />}
      <BottomNav />
    </div>
  );
}
