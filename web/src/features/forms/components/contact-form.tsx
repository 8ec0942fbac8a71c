import {
  bugReportSchema,
  FORM_LIMITS,
  contactSubmissionSchema,
  validateContactForm,
  type BugReport,
  type ContactSubmission,
} from '@klang/domain';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useZodForm } from '../../../lib/use-zod-form';
import { useSubmitBugReportMutation, useSubmitContactMutation } from '../api/forms-api';
import { CaptchaField } from './captcha-field';
import { FormSuccess } from './form-success';

type Kind = 'contact' | 'bug';

const EMPTY = { name: '', email: '', message: '', description: '', captcha_token: '' };

/** The first rule of spec 000 §5 the body breaks, as an issue on the body's field, or null. */
function firstBrokenRule(kind: Kind, body: ContactSubmission | BugReport, text: string | undefined) {
  const problem = validateContactForm({ ...body, body: text, captcha: body.captcha_token }, kind);
  if (!problem) return null;
  const path = {
    name: 'name',
    email: 'email',
    body: kind === 'contact' ? 'message' : 'description',
    captcha: 'captcha_token',
  }[problem.field];
  return { code: 'custom' as const, path: [path], message: problem.message };
}

/** The bodies' schemas (spec 000 §7) with the rules in the spec's order: one message at a time. */
const SCHEMAS = {
  contact: contactSubmissionSchema.superRefine((body, context) => {
    const issue = firstBrokenRule('contact', body, body.message);
    if (issue) context.addIssue(issue);
  }),
  bug: bugReportSchema.superRefine((body, context) => {
    const issue = firstBrokenRule('bug', body, body.description);
    if (issue) context.addIssue(issue);
  }),
};

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
  const form = useZodForm(SCHEMAS[kind], { defaultValues: EMPTY, editClears: 'all' });
  // Every token is accepted once: a new widget after each attempt.
  const [captchaRound, setCaptchaRound] = useState(0);
  const bodyField = kind === 'contact' ? 'message' : 'description';

  const submit = form.onSubmit(({ name, email, message, description, captcha_token }) => {
    const onSettled = () => {
      form.setValue('captcha_token', '');
      setCaptchaRound((round) => round + 1);
    };
    if (kind === 'contact') contact.mutate({ name, email, message, captcha_token }, { onSettled });
    else bug.mutate({ name, email, description, captcha_token }, { onSettled });
  });

  function reset() {
    form.reset(EMPTY);
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

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-5 rounded-3xl border border-line bg-surface p-6 sm:p-8"
    >
      <Input label="Name" autoComplete="name" maxLength={FORM_LIMITS.name} {...form.field('name')} />
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        maxLength={FORM_LIMITS.email}
        {...form.field('email')}
      />
      <Textarea label={copy.bodyLabel} rows={6} maxLength={FORM_LIMITS.message} {...form.field(bodyField)} />
      <CaptchaField
        key={captchaRound}
        error={form.errorOf('captcha_token')}
        onTokenChange={(next) => {
          form.setValue('captcha_token', next ?? '');
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
