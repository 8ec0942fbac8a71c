import { validateContactForm } from '@klang/domain';
import { useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useSubmitBugReportMutation, useSubmitContactMutation } from '../api/forms-api';
import { CaptchaField } from './captcha-field';
import { FormSuccess } from './form-success';

type Kind = 'contact' | 'bug';
type Field = 'name' | 'email' | 'body' | 'captcha';

const COPY = {
  contact: {
    bodyLabel: 'Message',
    submit: 'Send Message',
    successTitle: 'Message sent',
    successBody: 'Thanks for getting in touch. We read every message and will reply by email.',
    again: 'Send another message',
  },
  bug: {
    bodyLabel: 'Bug description',
    submit: 'Submit Bug Report',
    successTitle: 'Bug report sent',
    successBody: 'Thank you for helping us improve. We will look into it.',
    again: 'Report another bug',
  },
} as const;

/**
 * The contact form and the bug report (spec 000 §4 Forms, §5): idle, submitting, then a success
 * screen with a button to send another, or an error line. Rules are checked in the spec's order
 * and the first broken one is shown; the server checks them again.
 */
export function ContactForm({ kind }: { kind: Kind }) {
  const copy = COPY[kind];
  const contact = useSubmitContactMutation();
  const bug = useSubmitBugReportMutation();
  const mutation = kind === 'contact' ? contact : bug;
  const [values, setValues] = useState({ name: '', email: '', body: '' });
  const [token, setToken] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ field: Field; message: string } | null>(null);
  // Every token is accepted once: a new widget after each attempt.
  const [captchaRound, setCaptchaRound] = useState(0);

  const change = (field: 'name' | 'email' | 'body') => (value: string) => {
    setValues((previous) => ({ ...previous, [field]: value }));
    setProblem(null);
  };

  function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContactForm({ ...values, captcha: token ?? undefined }, kind);
    setProblem(found);
    if (found) return;
    const common = { name: values.name, email: values.email, captcha_token: token ?? '' };
    const onSettled = () => {
      setToken(null);
      setCaptchaRound((round) => round + 1);
    };
    if (kind === 'contact') contact.mutate({ ...common, message: values.body }, { onSettled });
    else bug.mutate({ ...common, description: values.body }, { onSettled });
  }

  function reset() {
    setValues({ name: '', email: '', body: '' });
    setProblem(null);
    contact.reset();
    bug.reset();
  }

  if (mutation.isSuccess) {
    return (
      <FormSuccess
        title={copy.successTitle}
        body={copy.successBody}
        againLabel={copy.again}
        onAgain={reset}
      />
    );
  }

  const errorFor = (field: Field) => (problem?.field === field ? problem.message : undefined);
  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-3xl border border-line bg-surface p-6 sm:p-8"
    >
      <Input
        label="Name"
        name="name"
        autoComplete="name"
        value={values.name}
        onChange={(event) => {
          change('name')(event.target.value);
        }}
        error={errorFor('name')}
      />
      <Input
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(event) => {
          change('email')(event.target.value);
        }}
        error={errorFor('email')}
      />
      <Textarea
        label={copy.bodyLabel}
        name={kind === 'contact' ? 'message' : 'description'}
        rows={6}
        value={values.body}
        onChange={(event) => {
          change('body')(event.target.value);
        }}
        error={errorFor('body')}
      />
      <CaptchaField
        key={captchaRound}
        error={errorFor('captcha')}
        onTokenChange={(next) => {
          setToken(next);
          if (next) setProblem(null);
        }}
      />
      {/* Beside the button that was pressed, not at the top: on a phone the top of the form is
          out of view when the answer comes. */}
      {mutation.error && <Banner tone="error">{mutation.error.message}</Banner>}
      <Button type="submit" isLoading={mutation.isPending} className="self-start">
        {copy.submit}
      </Button>
    </form>
  );
}
