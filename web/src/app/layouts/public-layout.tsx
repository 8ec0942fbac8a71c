import { Outlet, useMatches } from 'react-router';
import { cn } from '../../components/ui/cn';
import { useFloatingForumButton } from '../shell/root-layout';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Set as a route's `handle` to drop the header: the landing hero carries its own logo. */
export type PublicRouteHandle = { hideHeader?: boolean };

function isHeaderHidden(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as PublicRouteHandle).hideHeader === true;
}

/** Public pages: the header with the logo linking home, the page, and the site footer. */
export function PublicLayout() {
  const hideHeader = useMatches().some((match) => isHeaderHidden(match.handle));
  // Room under the footer for the floating forum button, so the last links scroll clear of it.
  const hasForumButton = useFloatingForumButton();
  return (
    <div className={cn('flex min-h-dvh flex-col', hasForumButton && 'pb-20')}>
      {!hideHeader && <SiteHeader />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
