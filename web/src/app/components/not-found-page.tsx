import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { IconTile } from '../../components/ui/icon-tile';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';

/**
 * The 404 page: a mistyped or stale address, including a custom artist URL that names no pro
 * artist (docs/decisions/0111). It says so and offers the two ways on: home and Discover.
 */
export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex min-h-[60dvh] items-center justify-center px-5 py-20">
      <div className="flex max-w-md flex-col items-center gap-5 text-center">
        <IconTile icon={Compass} />
        <p className="font-mono text-sm font-semibold tracking-[0.2em] text-accent">404</p>
        <h1 className="-mt-3 text-3xl font-bold tracking-tight text-fg">Page not found</h1>
        <p className="text-base leading-relaxed text-muted">
          Nothing is playing at this address. The link may be old, or the address mistyped.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link to={paths.player}>Discover music</Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.home}>Back to home</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
