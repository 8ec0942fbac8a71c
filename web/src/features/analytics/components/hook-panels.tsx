import type { ReactNode } from 'react';

/** A quiet panel for what is not there yet: an icon, a title and one line of why. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-line px-6 py-8 text-center">
      <span aria-hidden="true" className="grid size-11 place-items-center rounded-full bg-field text-muted">
        {icon}
      </span>
      <p className="font-semibold text-fg">{title}</p>
      <p className="max-w-sm text-sm text-muted">{children}</p>
    </div>
  );
}

/** One chart's panel in the Hooks tab: a title, a line of what it shows, the chart. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4 sm:p-5">
      <header className="flex flex-col gap-0.5">
        <h3 className="font-semibold text-fg">{title}</h3>
        <p className="text-sm text-muted">{description}</p>
      </header>
      {children}
    </section>
  );
}
