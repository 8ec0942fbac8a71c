import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';
import { useDocumentTitle } from '../../lib/use-document-title';

type StaticPageProps = {
  /** The page name; also the tab title ('How It Works · Klang'). */
  title: string;
  /** A short uppercase label above the title. */
  eyebrow?: string;
  /** One or two sentences under the title, in a larger size. */
  lead?: ReactNode;
  /** A line under the lead, e.g. the effective date of a legal text. */
  meta?: ReactNode;
  /** A way back above the title, for a page opened from a screen of the app. */
  back?: ReactNode;
  /** 'prose' styles long-form text; 'narrow' and 'wide' leave the layout to the page. */
  width?: 'prose' | 'narrow' | 'wide';
  children: ReactNode;
};

/** The frame of every static page: a header block, then the content at a readable measure. */
const WIDTHS = { prose: 'max-w-3xl', narrow: 'max-w-3xl', wide: 'max-w-5xl' } as const;

export function StaticPage({ title, eyebrow, lead, meta, back, width = 'prose', children }: StaticPageProps) {
  useDocumentTitle(title);
  // The header shares the content's column, so the title and the text start on one line.
  const column = cn('mx-auto px-5 sm:px-8', WIDTHS[width]);
  return (
    <article className="relative isolate">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-glow),transparent)]"
      />
      <header className={cn(column, back ? 'pt-6 pb-10' : 'pt-14 pb-10 sm:pt-20')}>
        {back && <div className="mb-6">{back}</div>}
        {eyebrow && (
          <p className="text-xs font-semibold tracking-[0.18em] text-accent uppercase">{eyebrow}</p>
        )}
        <h1 className="mt-3 text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">{title}</h1>
        {lead && (
          <p className="mt-5 max-w-3xl text-lg leading-relaxed text-pretty text-muted sm:text-xl">{lead}</p>
        )}
        {meta && <p className="mt-4 text-sm text-muted">{meta}</p>}
      </header>
      <div
        className={cn(
          'mx-auto px-5 pb-24 sm:px-8',
          width === 'prose' ? 'prose-klang max-w-3xl' : WIDTHS[width],
        )}
      >
        {children}
      </div>
    </article>
  );
}
