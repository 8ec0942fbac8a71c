import {
  ACCOUNT_MESSAGES,
  artistSignupSchema,
  listenerSignupSchema,
  type ArtistSignup,
  type Session,
} from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { useZodForm } from '../../../lib/use-zod-form';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';

type Kind = 'listener' | 'artist';

const EMPTY = { username: '', artistName: '', bio: '', instagram: '', website: '', email: '', password: '' };
type Values = typeof EMPTY & { inviteToken?: string };

/** A listener's body: the artist-only fields stay out, the invite goes in when there is one. */
function listenerPayload({ username, email, password, inviteToken }: Values) {
  return { username, email, password, ...(inviteToken !== undefined && { inviteToken }) };
}

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
  const form = useZodForm(kind === 'listener' ? listenerSignupSchema : artistSignupSchema, {
    defaultValues: { ...EMPTY, ...(kind === 'listener' && inviteToken !== undefined && { inviteToken }) },
    // An edit also clears the store's message, which spoke of the form as it was.
    onEdit: () => {
      setStoreError(null);
    },
  });
  const [stepLabel, setStepLabel] = useState<string | null>(null);
  const signup = useMutation({
    mutationFn: (values: Values): Promise<Session> =>
      kind === 'listener'
        ? accountsApi.signupListener(listenerPayload(values))
        : completion
          ? completion.run(values, setStepLabel)
          : accountsApi.signupArtist(values),
    onSettled: () => {
      setStepLabel(null);
    },
  });
  const isSubmitting = form.formState.isSubmitting;

  const submit = form.onSubmit(async (values) => {
    if (kind === 'artist' && !completion) {
      sendAnalyticsEvent({ name: 'signup_free_account_click', path: window.location.pathname });
    }
    try {
      applySession(await signup.mutateAsync(values));
      onSignedUp();
    } catch (error) {
      // Spec 000 §8: errors without a field appear on the email field.
      const failure = form.fail(error, ACCOUNT_MESSAGES.signupFailed, 'email');
      // The invite has no field of its own: the screen says why and lets the signup go on without it.
      if (failure.fields.inviteToken) onInviteRefused?.(failure.fields.inviteToken);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {storeError && <Banner tone="error">{storeError}</Banner>}
      <Input
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        hint={kind === 'artist' ? 'One word, no spaces' : undefined}
        {...form.field('username')}
      />
      {kind === 'artist' && (
        <>
          <Input label="Artist name" autoComplete="nickname" {...form.field('artistName')} />
          <Textarea label="Bio" rows={3} {...form.field('bio')} />
          <Input label="Instagram (optional)" autoCapitalize="none" {...form.field('instagram')} />
          <Input label="Website (optional)" type="url" autoComplete="url" {...form.field('website')} />
        </>
      )}
      <Input label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters"
        {...form.field('password')}
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
