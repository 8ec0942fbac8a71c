import { PRODUCT_NAME } from '@klang/domain';
import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Logo } from '../../components/ui/logo';
import { useTopBarYieldsToToast } from '../../components/ui/toast';
import { paths } from '../paths';

const NAV = [
  { label: 'How it works', to: paths.howItWorks },
  { label: 'Plans', to: paths.artistSubscription },
  { label: 'Roadmap', to: paths.roadmap },
  { label: 'FAQ', to: paths.faq },
] as const;

/**
 * The public pages' header: the static pages and Plans inline from 768 px, behind a menu button
 * below it (with Log in on a phone), and Launch App always in reach.
 */
export function SiteHeader() {
  // On a phone a toast takes the bar's place for its 3 s (toast.tsx), never the page's.
  const { isYielding, barStyle } = useTopBarYieldsToToast();
  return (
    <header
      className="sticky top-0 z-40 border-b border-line/60 bg-bg/80 backdrop-blur-xl supports-[backdrop-filter]:bg-bg/65"
      style={barStyle}
    >
      <div
        className={cn(
          'mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-6 sm:px-8',
          isYielding && 'invisible',
        )}
        inert={isYielding}
      >
        <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} className="-m-1 shrink-0 rounded-lg p-1">
          <Logo isDecorative className="h-7" />
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      'rounded-full px-3.5 py-2 text-sm font-medium transition-colors hover:text-fg',
                      isActive ? 'text-fg' : 'text-muted',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {/* On a phone Log in moves into the menu: logo, Launch App and the menu fill 390 px. */}
          <Button asChild variant="ghost" size="sm" className="max-sm:hidden">
            <Link to={paths.login}>Log in</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={paths.accountType}>Launch App</Link>
          </Button>
          <PhoneMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * The static pages on a phone: a disclosure button that opens them as a list under the header.
 * A plain disclosure, not a menu widget: these are links of the site's navigation (the WAI
 * disclosure-navigation pattern), and the landing page's first JavaScript has no room for a
 * popper (decision 0112's budget).
 */
function PhoneMenu() {
  const [isOpen, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
  };

  // A link followed, Escape, or a tap outside closes the list.
  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && !root.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  const itemClass = 'flex min-h-11 items-center rounded-xl px-3 text-[0.9375rem] font-medium hover:bg-field';
  return (
    <div ref={root} className="relative md:hidden">
      <Button
        variant="ghost"
        size="icon"
        aria-label="Menu"
        aria-expanded={isOpen}
        aria-controls="site-menu"
        onClick={() => {
          setOpen((open) => !open);
        }}
      >
        {isOpen ? (
          <X aria-hidden="true" className="size-5" />
        ) : (
          <Menu aria-hidden="true" className="size-5" />
        )}
      </Button>
      <nav
        id="site-menu"
        aria-label="Site"
        hidden={!isOpen}
        className="absolute top-[calc(100%+0.625rem)] right-0 z-50 w-[min(18rem,calc(100vw-1.5rem))] animate-pop-in rounded-2xl border border-line bg-surface p-2 shadow-2xl shadow-black/30"
      >
        <ul className="flex flex-col gap-1">
          {NAV.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                onClick={close}
                className={({ isActive }) => cn(itemClass, isActive ? 'text-accent' : 'text-fg')}
              >
                {item.label}
              </NavLink>
            </li>
          ))}
          <li className="sm:hidden" aria-hidden="true">
            <div className="my-1 h-px bg-line" />
          </li>
          <li className="sm:hidden">
            <Link to={paths.login} onClick={close} className={cn(itemClass, 'text-fg')}>
              Log in
            </Link>
          </li>
        </ul>
      </nav>
    </div>
  );
}
