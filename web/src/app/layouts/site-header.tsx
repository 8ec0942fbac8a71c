import { PRODUCT_NAME } from '@klang/domain';
import { Link, NavLink } from 'react-router';
import { Button } from '../../components/ui/button';
import { cn } from '../../components/ui/cn';
import { Logo } from '../../components/ui/logo';
import { paths } from '../paths';

const NAV = [
  { label: 'How it works', to: paths.howItWorks },
  { label: 'Roadmap', to: paths.roadmap },
  { label: 'FAQ', to: paths.faq },
] as const;

export function SiteHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-line/60 bg-bg/80 backdrop-blur-xl supports-[backdrop-filter]:bg-bg/65">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-5 sm:px-8">
        <Link to={paths.home} aria-label={`${PRODUCT_NAME} home`} className="-m-1 rounded-lg p-1">
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
        <div className="ml-auto flex items-center gap-2">
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.login}>Log in</Link>
          </Button>
          <Button asChild size="sm">
            <Link to={paths.accountType}>Launch App</Link>
          </Button>
        </div>
      </div>
    </header>
  );
}
