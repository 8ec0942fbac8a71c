import {
  ACCOUNT_MESSAGES,
  artistSignupSchema,
  listenerSignupSchema,
  type ArtistSignup,
  type Session,
} from '@klang/domain';
import { useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';
import { errorsFromFailure, validate, type FieldErrors } from '../form-errors';

type Kind = 'listener' | 'artist';

const EMPTY = { username: '', artistName: '', bio: '', instagram: '', website: '', email: '', password: '' };
type Values = typeof EMPTY;

/**
 * Another way to finish the artist signup (after a checkout, spec 001 §4): its own button label,
 * and a run that reports each step's label as it goes.
 */
export type ArtistCompletion = {
  idleLabel: string;
  run: (values: ArtistSignup, onStep: (label: string) => void) => Promise<Session>;
};

/**
 * Listener and artist signup (spec 000 §5, spec 001 §4 and §5). Editing a field clears that
 * field's error and the form's error; 'User already registered' arrives from the server as the
 * spec's email-field message.
 */
export function SignupForm({
  kind,
  onSignedUp,
  completion,
  inviteToken,
  onInviteRefused,
}: {
  kind: Kind;
  onSignedUp: () => void;
  completion?: ArtistCompletion | undefined;
  /** A listener's invite link (product-decisions.md Invites): the server uses it up and credits the inviter. */
  inviteToken?: string | undefined;
  onInviteRefused?: ((message: string) => void) | undefined;
}) {
  const applySession = useAuthStore((state) => state.applySession);
  const setStoreError = useAuthStore((state) => state.setError);
  const storeError = useAuthStore((state) => state.error);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [stepLabel, setStepLabel] = useState<string | null>(null);

  const field = (name: keyof Values) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
      setStoreError(null);
    },
  });

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload =
      kind === 'listener'
        ? {
            username: values.username,
            email: values.email,
            password: values.password,
            ...(inviteToken !== undefined && { inviteToken }),
          }
        : values;
    const found = validate(kind === 'listener' ? listenerSignupSchema : artistSignupSchema, payload);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (kind === 'artist' && !completion) {
      sendAnalyticsEvent({ name: 'signup_free_account_click', path: window.location.pathname });
    }
    setSubmitting(true);
    try {
      const session: Session =
        kind === 'listener'
          ? await accountsApi.signupListener(payload)
          : completion
            ? await completion.run(values, setStepLabel)
            : await accountsApi.signupArtist(values);
      applySession(session);
      onSignedUp();
    } catch (error) {
      const failure = errorsFromFailure(error, ACCOUNT_MESSAGES.signupFailed);
      setErrors(failure.fields);
      // Spec 000 §8: errors without a field appear on the email field.
      if (failure.message) setErrors({ email: failure.message });
      // The invite has no field of its own: the screen says why and lets the signup go on without it.
      if (failure.fields.inviteToken) onInviteRefused?.(failure.fields.inviteToken);
    } finally {
      setSubmitting(false);
      setStepLabel(null);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {storeError && <Banner tone="error">{storeError}</Banner>}
      <Input
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        hint={kind === 'artist' ? 'One word, no spaces' : undefined}
        {...field('username')}
      />
      {kind === 'artist' && (
        <>
          <Input label="Artist name" autoComplete="nickname" {...field('artistName')} />
          <Textarea label="Bio" rows={3} {...field('bio')} />
          <Input label="Instagram (optional)" autoCapitalize="none" {...field('instagram')} />
          <Input label="Website (optional)" type="url" autoComplete="url" {...field('website')} />
        </>
      )}
      <Input label="Email" type="email" autoComplete="email" {...field('email')} />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters"
        {...field('password')}
      />
      <Button type="submit" size="lg" isLoading={isSubmitting}>
        {kind === 'listener'
          ? 'Start Listening'
          : isSubmitting
            ? (stepLabel ?? 'Creating profile...')
            : (completion?.idleLabel ?? 'Create Artist Profile')}
      </Button>
    </form>
  );
}
