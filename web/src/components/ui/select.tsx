import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from './cn';
import { Field, controlClasses } from './field';

export type SelectOption = {
  value: string;
  label: string;
  disabled?: boolean;
  /** A short note after the label, e.g. 'Coming soon' on a disabled genre. */
  note?: string;
};

type SelectProps = {
  label: ReactNode;
  options: readonly SelectOption[];
  value?: string | undefined;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: string | undefined;
  name?: string;
  id?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
};

export function Select({
  label,
  options,
  placeholder = 'Choose…',
  hint,
  error,
  id,
  className,
  ...rootProps
}: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {({ controlId, describedBy, isInvalid }) => (
        <SelectPrimitive.Root {...rootProps}>
          <SelectPrimitive.Trigger
            id={controlId}
            aria-describedby={describedBy}
            aria-invalid={isInvalid || undefined}
            className={cn(
              controlClasses,
              'flex h-11 items-center justify-between gap-2 text-left data-[placeholder]:text-muted',
            )}
          >
            <SelectPrimitive.Value placeholder={placeholder} />
            <SelectPrimitive.Icon>
              <ChevronDown aria-hidden="true" className="size-4 text-muted" />
            </SelectPrimitive.Icon>
          </SelectPrimitive.Trigger>
          <SelectPrimitive.Portal>
            <SelectPrimitive.Content
              position="popper"
              sideOffset={6}
              className={cn(
                // Never wider than the room beside the trigger: a long option wraps instead of running off a phone.
                'z-50 max-h-[var(--radix-select-content-available-height)] max-w-[var(--radix-select-content-available-width)] min-w-[var(--radix-select-trigger-width)]',
                'overflow-hidden rounded-xl border border-line bg-surface p-1 text-fg shadow-2xl shadow-black/40',
                'data-[state=open]:animate-fade-in',
              )}
            >
              <SelectPrimitive.Viewport>
                {options.map((option) => (
                  <SelectPrimitive.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className={cn(
                      'relative flex cursor-pointer select-none items-center gap-2 rounded-lg py-2.5 pr-3 pl-8 text-[0.9375rem] outline-none',
                      'data-[highlighted]:bg-field data-[disabled]:cursor-not-allowed data-[disabled]:text-muted',
                    )}
                  >
                    <SelectPrimitive.ItemIndicator className="absolute left-2.5">
                      <Check aria-hidden="true" className="size-4 text-accent" />
                    </SelectPrimitive.ItemIndicator>
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                    {option.note && (
                      <span className="ml-auto rounded-full bg-field px-2 py-0.5 text-xs text-muted">
                        {option.note}
                      </span>
                    )}
                  </SelectPrimitive.Item>
                ))}
              </SelectPrimitive.Viewport>
            </SelectPrimitive.Content>
          </SelectPrimitive.Portal>
        </SelectPrimitive.Root>
      )}
    </Field>
  );
}
