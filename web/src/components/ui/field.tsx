import { useId, type ReactNode } from 'react';
import { cn } from './cn';

export type FieldIds = {
  controlId: string;
  describedBy: string | undefined;
  isInvalid: boolean;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** An id for the control; one is made up when absent. */
  id?: string | undefined;
  className?: string | undefined;
  children: (ids: FieldIds) => ReactNode;
};

/**
 * Label, control, hint and error in one column. The control is handed the ids it needs so the
 * hint and the error are read out with it (aria-describedby) and an error marks it invalid.
 */
export function Field({ label, hint, error, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <label htmlFor={controlId} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children({ controlId, describedBy, isInvalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-[0.8125rem] leading-snug text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-[0.8125rem] font-medium leading-snug text-accent">
          {error}
        </p>
      )}
    </div>
  );
}

/** Shared look of text-like controls, so inputs, text areas and select triggers line up. */
export const controlClasses = cn(
  'w-full rounded-xl border border-line bg-field px-3.5 text-[0.9375rem] text-fg placeholder:text-muted',
  'transition-[border-color,box-shadow] duration-150 hover:border-muted/50',
  'focus-visible:border-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-accent/25',
  'disabled:cursor-not-allowed disabled:opacity-60',
  'aria-[invalid=true]:border-accent',
);
