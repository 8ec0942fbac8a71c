import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { Field, controlClasses } from './field';

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  containerClassName?: string;
  ref?: Ref<HTMLTextAreaElement>;
};

export function Textarea({
  label,
  hint,
  error,
  id,
  className,
  containerClassName,
  rows = 4,
  ...props
}: TextareaProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={containerClassName}>
      {({ controlId, describedBy, isInvalid }) => (
        <textarea
          id={controlId}
          rows={rows}
          aria-describedby={describedBy}
          aria-invalid={isInvalid || undefined}
          className={cn(controlClasses, 'min-h-24 resize-y py-2.5 leading-relaxed', className)}
          {...props}
        />
      )}
    </Field>
  );
}
