import { Mic, MicOff, Send } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { useDictation } from '../state/use-dictation';

type QuestionBarProps = {
  id: string;
  /** The field's name for screen readers. */
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  onSubmit: () => void;
  onError: (message: string) => void;
  isLoading: boolean;
  placeholder: string;
  dictateLabel: string;
  sendLabel: string;
  size: 'md' | 'lg';
  className?: string;
};

/** A question typed or dictated (spec 002 §2.4): the text box, the dictation toggle and send. */
export function QuestionBar(props: QuestionBarProps) {
  const { id, value, onValueChange, isLoading, size } = props;
  const dictation = useDictation(onValueChange, props.onError);
  const box = size === 'lg' ? 'size-12' : 'size-11';
  return (
    <form
      className={cn('flex items-center gap-2', props.className)}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {props.label}
      </label>
      <input
        id={id}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
        }}
        disabled={isLoading}
        placeholder={props.placeholder}
        className={cn(
          'min-w-0 flex-1 rounded-full border border-line bg-field px-4 text-fg placeholder:text-muted focus:outline-2 focus:outline-primary disabled:opacity-60',
          size === 'lg' ? 'h-12' : 'h-11',
        )}
      />
      <button
        type="button"
        onClick={dictation.toggle}
        aria-label={dictation.isListening ? 'Stop dictation' : props.dictateLabel}
        aria-pressed={dictation.isListening}
        className={cn(
          'grid shrink-0 place-items-center rounded-full border border-line hover:bg-fg/10',
          box,
          dictation.isListening && 'border-primary bg-primary text-on-primary',
        )}
      >
        {dictation.isListening ? (
          <MicOff aria-hidden="true" className="size-5" />
        ) : (
          <Mic aria-hidden="true" className="size-5" />
        )}
      </button>
      <button
        type="submit"
        disabled={isLoading || !value.trim()}
        aria-label={props.sendLabel}
        className={cn(
          'grid shrink-0 place-items-center rounded-full bg-primary text-on-primary hover:bg-primary-hover disabled:opacity-50',
          box,
        )}
      >
        <Send aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
