import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { IconTile } from '../../../components/ui/icon-tile';

type FormSuccessProps = {
  title: string;
  body: ReactNode;
  againLabel?: string;
  onAgain?: () => void;
  /** Links or buttons in place of (or beside) the send-another button. */
  actions?: ReactNode;
};

/** The success screen of a form (spec 000 §4 Forms); focus moves to it so it is announced. */
export function FormSuccess({ title, body, againLabel, onAgain, actions }: FormSuccessProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="form-success-title"
      className="flex flex-col items-center gap-5 rounded-3xl border border-line bg-surface px-6 py-12 text-center"
    >
      <IconTile icon={CircleCheck} />
      <h2
        id="form-success-title"
        ref={heading}
        tabIndex={-1}
        className="text-2xl font-bold tracking-tight text-fg outline-none"
      >
        {title}
      </h2>
      <div className="max-w-md text-base leading-relaxed text-muted">{body}</div>
      <div className="flex flex-wrap justify-center gap-3">
        {onAgain && againLabel && (
          <Button variant="secondary" onClick={onAgain}>
            {againLabel}
          </Button>
        )}
        {actions}
      </div>
    </section>
  );
}
