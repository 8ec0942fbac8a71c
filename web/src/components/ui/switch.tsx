import { Switch as SwitchPrimitive } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

type SwitchProps = {
  label: ReactNode;
  description?: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
};

/** An on/off setting that takes effect at once (a checkbox is for a form sent later). */
export function Switch({ label, description, checked, onCheckedChange, disabled, className }: SwitchProps) {
  const id = `switch-${useId()}`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div className="flex flex-col gap-0.5">
        <label htmlFor={id} className="cursor-pointer text-[0.9375rem] leading-snug text-fg">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="text-[0.8125rem] text-muted">
            {description}
          </p>
        )}
      </div>
      <SwitchPrimitive.Root
        id={id}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={descriptionId}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-line bg-field transition-colors',
          'data-[state=checked]:border-primary data-[state=checked]:bg-primary',
          'disabled:cursor-not-allowed disabled:opacity-50',
        )}
      >
        <SwitchPrimitive.Thumb className="block size-5 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-on-primary" />
      </SwitchPrimitive.Root>
    </div>
  );
}
