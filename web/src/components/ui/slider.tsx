import { Slider as SliderPrimitive } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';

type SliderProps = {
  label: ReactNode;
  value: number;
  onValueChange: (value: number) => void;
  /** Fires once when the user lets go: the place for expensive work. */
  onValueCommit?: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  /** How the current value reads beside the label and to screen readers ('75%', '1.2×'). */
  formatValue?: (value: number) => string;
  /** Hide the visible label when the context already names the control (a volume icon). */
  hideLabel?: boolean;
  disabled?: boolean;
  orientation?: 'horizontal' | 'vertical';
  className?: string;
};

export function Slider({
  label,
  value,
  onValueChange,
  onValueCommit,
  min = 0,
  max = 1,
  step = 0.01,
  formatValue = String,
  hideLabel = false,
  disabled = false,
  orientation = 'horizontal',
  className,
}: SliderProps) {
  const labelId = `slider-${useId()}`;
  const formatted = formatValue(value);
  const isVertical = orientation === 'vertical';
  return (
    <div className={cn('flex gap-2', isVertical ? 'h-full flex-col items-center' : 'flex-col', className)}>
      <div className={cn('flex items-baseline justify-between gap-3 text-sm', hideLabel && 'sr-only')}>
        <span id={labelId} className="font-medium text-fg">
          {label}
        </span>
        <span className="font-mono text-[0.8125rem] text-muted tabular-nums">{formatted}</span>
      </div>
      <SliderPrimitive.Root
        value={[value]}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        orientation={orientation}
        onValueChange={([next]) => {
          if (next !== undefined) onValueChange(next);
        }}
        onValueCommit={([next]) => {
          if (next !== undefined) onValueCommit?.(next);
        }}
        className={cn(
          'relative flex touch-none select-none items-center data-[disabled]:opacity-50',
          isVertical ? 'min-h-24 w-5 flex-1 flex-col' : 'h-5 w-full',
        )}
      >
        <SliderPrimitive.Track
          className={cn(
            'relative grow overflow-hidden rounded-full bg-field',
            isVertical ? 'w-1.5' : 'h-1.5',
          )}
        >
          <SliderPrimitive.Range
            className={cn('absolute rounded-full bg-primary', isVertical ? 'w-full' : 'h-full')}
          />
        </SliderPrimitive.Track>
        <SliderPrimitive.Thumb
          aria-labelledby={labelId}
          aria-valuetext={formatted}
          className="block size-5 rounded-full border-2 border-primary bg-fg shadow-md shadow-black/40 transition-transform hover:scale-110 focus-visible:scale-110"
        />
      </SliderPrimitive.Root>
    </div>
  );
}
