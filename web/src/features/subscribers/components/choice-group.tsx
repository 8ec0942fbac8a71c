import { cn } from '../../../components/ui/cn';

type ChoiceGroupProps<Value extends string> = {
  legend: string;
  name: string;
  options: readonly { value: Value; label: string }[];
  value: Value | null;
  onChange: (value: Value) => void;
  error?: string | undefined;
};

/** A row of native radio buttons drawn as pills: arrow keys and screen readers work as usual. */
export function ChoiceGroup<Value extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  error,
}: ChoiceGroupProps<Value>) {
  const errorId = `${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-fg">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'relative flex h-11 cursor-pointer items-center rounded-full border px-5 text-[0.9375rem] font-medium transition-colors',
              'has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-accent/40',
              value === option.value
                ? 'border-primary bg-primary/15 text-fg'
                : 'border-line bg-field text-fg hover:border-muted/50',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => {
                onChange(option.value);
              }}
              aria-invalid={Boolean(error) || undefined}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-[0.8125rem] font-medium leading-snug text-accent">
          {error}
        </p>
      )}
    </fieldset>
  );
}
