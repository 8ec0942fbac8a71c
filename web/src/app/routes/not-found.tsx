import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';
import { IconTile } from '../../components/ui/icon-tile';

export function Component() {
  useDocumentTitle('Page not found');
  return (
    <section className="flex min-h-[60dvh] items-center justify-center px-5 py-20">
      <div className="flex max-w-md flex-col items-center gap-5 text-center">
        <IconTile icon={Compass} />
        <h1 className="text-3xl font-bold tracking-tight text-fg">Nothing playing here</h1>
        <p className="text-base leading-relaxed text-muted">
          We could not find that page. The link may be old, or the address mistyped.
        </p>
        <Button asChild>
          <Link to={paths.home}>Back to home</Link>
        </Button>
      </div>
    </section>
  );
}
