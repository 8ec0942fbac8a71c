import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';

type AuthCardProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
};

/** The frame of sign-in, sign-up and reset screens: one card, centred, readable on a phone. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <section className="relative isolate px-4 py-12 sm:py-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-glow),transparent)]"
      />
      <div className="mx-auto flex w-full max-w-md flex-col gap-6 rounded-3xl border border-line bg-surface p-6 shadow-2xl shadow-black/30 sm:p-8">
        <header className="flex flex-col gap-2">
          <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">{title}</h1>
          {subtitle && <p className="text-[0.9375rem] text-muted">{subtitle}</p>}
        </header>
        {children}
        {footer && <div className="border-t border-line pt-5 text-center text-sm text-muted">{footer}</div>}
      </div>
    </section>
  );
}
