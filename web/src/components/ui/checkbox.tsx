import { Check } from 'lucide-react';
import { Checkbox as CheckboxPrimitive } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

type CheckboxProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  name?: string;
  id?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
};

export function Checkbox({
  label,
  description,
  error,
  onCheckedChange,
  id,
  className,
  ...props
}: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `checkbox-${generated}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <CheckboxPrimitive.Root
        id={controlId}
        aria-describedby={[errorId, descriptionId].filter(Boolean).join(' ') || undefined}
        aria-invalid={Boolean(error) || undefined}
        // Radix reports 'indeterminate' too; these boxes are never indeterminate.
        onCheckedChange={(state) => onCheckedChange?.(state === true)}
        className={cn(
          'mt-0.5 grid size-5 shrink-0 place-items-center rounded-md border border-muted/60 bg-field',
          'transition-colors data-[state=checked]:border-primary data-[state=checked]:bg-primary',
          'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-accent',
        )}
        {...props}
      >
        <CheckboxPrimitive.Indicator>
          <Check aria-hidden="true" strokeWidth={3} className="size-3.5 text-on-primary" />
        </CheckboxPrimitive.Indicator>
      </CheckboxPrimitive.Root>
      <div className="flex flex-col gap-0.5">
        <label htmlFor={controlId} className="cursor-pointer text-[0.9375rem] leading-snug text-fg">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-[0.8125rem] text-muted">
            {description}
          </p>
        )}
        {error && (
          <p id={errorId} className="text-[0.8125rem] font-medium text-accent">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
