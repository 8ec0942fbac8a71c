import { UNSUBSCRIBE_MESSAGES } from '@klang/domain';
import { MailX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { IconTile } from '../../../components/ui/icon-tile';
import { useUnsubscribeMutation } from '../api/subscribers-api';

type Step = 'initial' | 'confirm' | 'success';

type UnsubscribeFlowProps = {
  email: string;
  /** Links the screen supplies (the feature does not know the routes). */
  keepSubscribed: ReactNode;
  backToProduct: ReactNode;
  resubscribe: ReactNode;
};

/**
 * Spec 002 §2.11 and §4 Unsubscribe: initial, then confirm, then the request, then success; an
 * error brings the visitor back to the first step with the message.
 */
export function UnsubscribeFlow({ email, keepSubscribed, backToProduct, resubscribe }: UnsubscribeFlowProps) {
  const [step, setStep] = useState<Step>('initial');
  const [error, setError] = useState<string | null>(null);
  const mutation = useUnsubscribeMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [step]);

  function confirm() {
    mutation.mutate(email, {
      onSuccess: () => {
        setStep('success');
      },
      onError: (failure) => {
        setError(failure.message);
        setStep('initial');
      },
    });
  }

  const frame = (title: string, body: ReactNode, actions: ReactNode) => (
    <section
      aria-labelledby="unsubscribe-title"
      className="flex flex-col items-center gap-5 rounded-3xl border border-line bg-surface px-6 py-12 text-center"
    >
      <IconTile icon={MailX} />
      <h1
        id="unsubscribe-title"
        ref={heading}
        tabIndex={-1}
        className="text-3xl font-bold tracking-tight text-balance text-fg outline-none"
      >
        {title}
      </h1>
      <div className="flex max-w-md flex-col gap-3 text-base leading-relaxed text-muted">{body}</div>
      <div className="flex flex-wrap justify-center gap-3">{actions}</div>
    </section>
  );

  if (step === 'success') {
    return frame(
      UNSUBSCRIBE_MESSAGES.successTitle,
      <>
        <p>
          <span className="font-medium text-fg">{email}</span> has been removed from our mailing list.
        </p>
        <p>
          You will no longer receive marketing emails from us. Important account notifications may still
          arrive.
        </p>
      </>,
      <>
        {backToProduct}
        {resubscribe}
      </>,
    );
  }
  if (step === 'confirm') {
    return frame(
      UNSUBSCRIBE_MESSAGES.confirmTitle,
      <p>
        Stop marketing emails to <span className="font-medium text-fg">{email}</span>?
      </p>,
      <>
        <Button onClick={confirm} isLoading={mutation.isPending}>
          {mutation.isPending ? UNSUBSCRIBE_MESSAGES.confirming : UNSUBSCRIBE_MESSAGES.confirm}
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setStep('initial');
          }}
          disabled={mutation.isPending}
        >
          {UNSUBSCRIBE_MESSAGES.cancel}
        </Button>
      </>,
    );
  }
  return frame(
    UNSUBSCRIBE_MESSAGES.initialTitle,
    <>
      {error && <Banner tone="error">{error}</Banner>}
      <p>
        We will stop sending marketing emails to <span className="font-medium text-fg">{email}</span>.
      </p>
      <p>{UNSUBSCRIBE_MESSAGES.initialBody}</p>
    </>,
    <>
      <Button
        onClick={() => {
          setError(null);
          setStep('confirm');
        }}
      >
        {UNSUBSCRIBE_MESSAGES.unsubscribe}
      </Button>
      {keepSubscribed}
    </>,
  );
}
