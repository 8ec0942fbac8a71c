import { tutorRequestSchema } from '@klang/domain';
import { Mic, MicOff, Send } from 'lucide-react';
import { cn } from '../../../components/ui/cn';
import { useZodForm } from '../../../lib/use-zod-form';
import { useDictation } from '../state/use-dictation';

/** A question's rules: those of the tutor's request (spec 002 §7), which the server checks too. */
const questionSchema = tutorRequestSchema.pick({ prompt: true });

/** The question box's form; its screen holds it, since the screen's example questions fill it. */
export function useQuestionForm() {
  return useZodForm(questionSchema, { defaultValues: { prompt: '' } });
}

type QuestionBarProps = {
  id: string;
  /** The field's name for screen readers. */
  label: string;
  form: ReturnType<typeof useQuestionForm>;
  /** A question that passed the rules; the box empties once it is sent. */
  onSend: (question: string) => void;
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
  const { id, form, onSend, isLoading, size } = props;
  const isBlank = !form.watch('prompt').trim();
  const message = form.errorOf('prompt');
  const dictation = useDictation((text) => {
    form.setValue('prompt', text);
  }, props.onError);
  const send = form.onSubmit(({ prompt }) => {
    onSend(prompt);
    form.reset();
  });
  const box = size === 'lg' ? 'size-12' : 'size-11';
  return (
    <form
      noValidate
      className={cn('flex flex-wrap items-center gap-2', props.className)}
      onSubmit={(event) => {
        // Spec 002 §5 Tutor: empty or whitespace input is ignored, without a word.
        if (isBlank) event.preventDefault();
        else send(event);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {props.label}
      </label>
      <input
        id={id}
        {...form.register('prompt')}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
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
        disabled={isLoading || isBlank}
        aria-label={props.sendLabel}
        className={cn(
          'grid shrink-0 place-items-center rounded-full bg-primary text-on-primary hover:bg-primary-hover disabled:opacity-50',
          box,
        )}
      >
        <Send aria-hidden="true" className="size-5" />
      </button>
      {message && (
        <p id={`${id}-message`} role="alert" className="basis-full px-4 text-sm text-accent">
          {message}
        </p>
      )}
    </form>
  );
}
