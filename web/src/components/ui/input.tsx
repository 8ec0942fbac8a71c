import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cn } from './cn';
import { Field, controlClasses } from './field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  containerClassName?: string;
  ref?: Ref<HTMLInputElement>;
};

export function Input({ label, hint, error, id, className, containerClassName, ...props }: InputProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={containerClassName}>
      {({ controlId, describedBy, isInvalid }) => (
        <input
          id={controlId}
          aria-describedby={describedBy}
          aria-invalid={isInvalid || undefined}
          className={cn(controlClasses, 'h-11', className)}
          {...props}
        />
      )}
    </Field>
  );
}
