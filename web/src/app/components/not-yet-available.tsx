import { PRODUCT_NAME } from '@klang/domain';
import { ArrowLeft, Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';
import { paths } from '../paths';
import { IconTile } from '../../components/ui/icon-tile';

type NotYetAvailableProps = {
  /** The screen's name as a visitor knows it: 'Discover', 'Charts', 'Contact Us'. */
  screen: string;
};

/**
 * The one honest placeholder for screens whose features arrive in later issues: it says what is
 * missing, and offers a way on instead of a dead end.
 */
export function NotYetAvailable({ screen }: NotYetAvailableProps) {
  useDocumentTitle(screen);
  return (
    <section className="relative isolate overflow-hidden px-5 py-20 sm:py-28">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-0 left-1/2 -z-10 size-[36rem] -translate-x-1/2 -translate-y-1/3 rounded-full bg-glow blur-3xl"
      />
      <div className="mx-auto flex max-w-lg flex-col items-center gap-6 text-center">
        <IconTile icon={Hammer} />
        <div className="flex flex-col gap-3">
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{screen}</p>
          <h1 className="text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
            This part of {PRODUCT_NAME} is being built
          </h1>
          <p className="text-base leading-relaxed text-pretty text-muted">
            {screen} is not open yet. We are building it right now, and it will appear here as soon as it is
            ready. In the meantime, the rest of the site is yours to explore.
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <Button asChild>
            <Link to={paths.home}>
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to home
            </Link>
          </Button>
          <Button asChild variant="secondary">
            <Link to={paths.roadmap}>See the roadmap</Link>
          </Button>
        </div>
        <p className="text-sm text-muted">
          Curious how it will work?{' '}
          <Link to={paths.howItWorks} className="font-medium text-accent underline-offset-4 hover:underline">
            Read how {PRODUCT_NAME} works
          </Link>
        </p>
      </div>
    </section>
  );
}
