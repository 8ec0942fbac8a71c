import { ChartNoAxesColumnIncreasing, Compass, Library, UserRound, type LucideIcon } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../components/ui/cn';
import { paths } from '../paths';

export type NavItem = {
  label: string;
  to: string;
  Icon: LucideIcon;
  /** Paths (and everything below them) that light this item up. */
  activeOn: readonly string[];
};

// Spec 001 §2: Profile is highlighted on the profile screens; the dashboard, the creator tools and
// the welcome page are reached from the profile, so they count as profile screens too.
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Discover', to: paths.player, Icon: Compass, activeOn: [paths.player] },
  { label: 'Charts', to: paths.charts, Icon: ChartNoAxesColumnIncreasing, activeOn: [paths.charts] },
  { label: 'Library', to: paths.library, Icon: Library, activeOn: [paths.library] },
  {
    label: 'Profile',
    to: paths.profile,
    Icon: UserRound,
    activeOn: [paths.profile, paths.dashboard, paths.creatorTools, paths.welcome],
  },
];

export function isNavItemActive(pathname: string, activeOn: readonly string[]): boolean {
  return activeOn.some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The fixed bottom navigation of the signed-in app on a phone (spec 001 §2); desktop has the sidebar. */
export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="App"
      className="fixed inset-x-0 bottom-0 z-40 border-t lg:hidden border-line bg-nav pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="mx-auto grid h-16 max-w-xl grid-cols-4">
        {NAV_ITEMS.map(({ label, to, Icon, activeOn }) => {
          const isActive = isNavItemActive(pathname, activeOn);
          return (
            <li key={to}>
              <Link
                to={to}
                aria-current={isActive ? 'page' : undefined}
                className={cn(
                  'group relative flex h-full flex-col items-center justify-center gap-1 text-[0.6875rem] font-semibold tracking-wide transition-colors',
                  isActive ? 'text-accent' : 'text-muted hover:text-fg',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'absolute top-0 h-0.5 w-8 rounded-full bg-nav-active transition-opacity',
                    isActive ? 'opacity-100' : 'opacity-0',
                  )}
                />
                <Icon aria-hidden="true" strokeWidth={isActive ? 2.4 : 1.9} className="size-6" />
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
