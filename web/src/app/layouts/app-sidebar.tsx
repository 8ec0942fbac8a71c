import { PRODUCT_NAME, TIER_LIMITS } from '@klang/domain';
import { ChartNoAxesColumn, Lock, MessagesSquare, Wrench, type LucideIcon } from 'lucide-react';
import { Suspense, lazy, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { Logo } from '../../components/ui/logo';
import { useAuthStore, userTypeOf } from '../../features/accounts/auth-store';
import { UPGRADE_OFFER_PARAM } from '../../features/payments/hooks/use-upgrade-offer';
import { paths } from '../paths';
import { NAV_ITEMS, isNavItemActive } from './bottom-nav';

// Fetched when a free artist first opens it: the dialog's code stays out of every screen's first load.
const KitBlockedDialog = lazy(() =>
  import('../../features/tracks/components/workspace-dialogs').then((module) => ({
    default: module.KitBlockedDialog,
  })),
);

const itemClass = (isActive: boolean) =>
  cn(
    'flex h-11 w-full items-center gap-3 rounded-xl px-3 text-[0.9375rem] font-semibold transition-colors',
    isActive ? 'bg-field text-fg' : 'text-muted hover:bg-field/60 hover:text-fg',
  );

function ItemIcon({ Icon, isActive }: { Icon: LucideIcon; isActive: boolean }) {
  return (
    <Icon
      aria-hidden="true"
      strokeWidth={isActive ? 2.4 : 1.9}
      className={cn('size-5 shrink-0', isActive && 'text-accent')}
    />
  );
}

function SidebarLink({
  to,
  label,
  Icon,
  isActive,
}: {
  to: string;
  label: string;
  Icon: LucideIcon;
  isActive: boolean;
}) {
  return (
    <Link to={to} aria-current={isActive ? 'page' : undefined} className={itemClass(isActive)}>
      <ItemIcon Icon={Icon} isActive={isActive} />
      {label}
    </Link>
  );
}

/**
 * The Kit entry, for artists only (spec 001 §2): pro and trial artists open the hub; a free
 * artist gets the same Pro popup as the profile's Kit button.
 */
function KitEntry({ isActive }: { isActive: boolean }) {
  const subscriptionTier = useAuthStore((state) => state.subscriptionTier);
  const [isBlockedOpen, setBlockedOpen] = useState(false);
  const label = `${PRODUCT_NAME} Kit`;
  if (TIER_LIMITS[subscriptionTier].kit) {
    return <SidebarLink to={paths.creatorTools} label={label} Icon={Wrench} isActive={isActive} />;
  }
  return (
    <>
      <button
        type="button"
        className={itemClass(false)}
        onClick={() => {
          setBlockedOpen(true);
        }}
      >
        <ItemIcon Icon={Wrench} isActive={false} />
        {label}
        <Lock aria-label="Pro" className="ml-auto size-4 text-muted" />
      </button>
      {isBlockedOpen && (
        <Suspense>
          <KitBlockedDialog
            open={isBlockedOpen}
            onOpenChange={setBlockedOpen}
            upgradePath={`${paths.profile}?${UPGRADE_OFFER_PARAM}=upgrade`}
          />
        </Suspense>
      )}
    </>
  );
}

function Group({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      {label && (
        <p className="px-3 pb-1 text-[0.6875rem] font-semibold tracking-[0.14em] text-muted uppercase">
          {label}
        </p>
      )}
      <ul className="flex flex-col gap-0.5">{children}</ul>
    </div>
  );
}

/**
 * The desktop navigation of the signed-in app (from 1024 px): the four sections of the bottom
 * bar, then the Kit for artists and the forum for signed-in users (spec 002 §2.9: on a desktop
 * the forum is a place in the sidebar, not a button floating over the screen). The foot of the
 * sidebar is kept empty: toasts appear there, over nothing a listener could press.
 */
export function AppSidebar({ hasPlayerBar, className }: { hasPlayerBar: boolean; className?: string }) {
  const { pathname } = useLocation();
  const profile = useAuthStore((state) => state.profile);
  const hasProfile = useAuthStore((state) => state.user !== null && state.profile !== null);
  const isArtist = profile !== null && userTypeOf(profile) === 'artist';
  // The team's page is listed for admins only; the server refuses anyone else all the same.
  const isAdmin = useAuthStore((state) => state.isAdmin);
  return (
    <aside
      className={cn(
        'fixed top-0 left-0 z-30 flex w-64 flex-col gap-7 overflow-y-auto border-r border-line bg-nav px-3 py-5',
        // It ends where the now-playing bar begins.
        hasPlayerBar ? 'bottom-20' : 'bottom-0',
        className,
      )}
    >
      <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} className="mx-3 self-start rounded-lg">
        <Logo isDecorative className="h-7" />
      </Link>
      <nav aria-label="App" className="flex flex-col gap-6">
        <Group>
          {NAV_ITEMS.map(({ label, to, Icon, activeOn }) => {
            // The Kit has its own entry here, so its screens light that one, not Profile.
            const ownActiveOn = isArtist ? activeOn.filter((path) => path !== paths.creatorTools) : activeOn;
            return (
              <li key={to}>
                <SidebarLink
                  to={to}
                  label={label}
                  Icon={Icon}
                  isActive={isNavItemActive(pathname, ownActiveOn)}
                />
              </li>
            );
          })}
        </Group>
        {(isArtist || hasProfile) && (
          <Group label={isArtist ? 'Create and talk' : 'Community'}>
            {isArtist && (
              <li>
                <KitEntry isActive={isNavItemActive(pathname, [paths.creatorTools])} />
              </li>
            )}
            {hasProfile && (
              <li>
                <SidebarLink
                  to={paths.forum}
                  label="Forum"
                  Icon={MessagesSquare}
                  isActive={isNavItemActive(pathname, [paths.forum])}
                />
              </li>
            )}
          </Group>
        )}
        {isAdmin && (
          <Group label="Team">
            <li>
              <SidebarLink
                to={paths.adminShares}
                label="Blind shares"
                Icon={ChartNoAxesColumn}
                isActive={isNavItemActive(pathname, [paths.adminShares])}
              />
            </li>
          </Group>
        )}
      </nav>
    </aside>
  );
}
