import type { ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';

const CELL = 'py-1.5 tabular-nums';

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

/**
 * One table of two columns behind a chart: a label and a value per row, with a line saying why
 * it is empty when it is. The charts' text alternative.
 */
export function PairTable({
  caption,
  columns,
  rows,
  empty,
}: {
  caption: string;
  columns: [string, string];
  rows: { key: string | number; label: ReactNode; value: ReactNode }[];
  empty: string;
}) {
  return (
    <table className="w-full text-left">
      <caption className="pb-2 text-left font-semibold text-fg">{caption}</caption>
      <thead className="text-muted">
        <tr>
          <th scope="col" className="py-1.5 font-medium">
            {columns[0]}
          </th>
          <th scope="col" className="py-1.5 text-right font-medium">
            {columns[1]}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-t border-line">
            <td className={CELL}>{row.label}</td>
            <td className={cn(CELL, 'text-right')}>{row.value}</td>
          </tr>
        ))}
        {rows.length === 0 && (
          <tr className="border-t border-line">
            <td colSpan={2} className="py-1.5 text-muted">
              {empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
