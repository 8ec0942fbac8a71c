import { ACCOUNT_MESSAGES, loginSchema, type LoginInput } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-error';
import { useZodForm } from '../../../lib/use-zod-form';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/** A captcha field (the forms area's, composed in app/): it reports a solved token, or null. */
export type ChallengeField = ComponentType<{
  onTokenChange: (token: string | null) => void;
  error?: string | undefined;
}>;

type LoginFormProps = {
  onSignedIn: () => void;
  /** Shown once the server asks for a solved check before this account's sign-in (decision 0253). */
  Challenge: ChallengeField;
};

/** Spec 001 §2 /login: email or username, and password (spec 001 §5 Login for the rules). */
export function LoginForm({ onSignedIn, Challenge }: LoginFormProps) {
  const applySession = useAuthStore((state) => state.applySession);
  const form = useZodForm<LoginInput>(loginSchema, { defaultValues: { identifier: '', password: '' } });
  const login = useMutation({ mutationFn: accountsApi.login });
  // The check appears when the server asks for it; each solved token is accepted once, so after
  // every attempt the widget starts again (a new key remounts it).
  const [challenge, setChallenge] = useState<{ round: number; token: string | null } | null>(null);

  const submit = form.onSubmit(async ({ identifier, password }) => {
    try {
      const captchaToken = challenge?.token ?? undefined;
      applySession(await login.mutateAsync({ identifier, password, ...(captchaToken && { captchaToken }) }));
      onSignedIn();
    } catch (error) {
      form.fail(error, ACCOUNT_MESSAGES.invalidCredentials);
      if (challenge || (isApiError(error) && error.code === 'CHALLENGE_REQUIRED')) {
        setChallenge((current) => ({ round: (current?.round ?? 0) + 1, token: null }));
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      <Input
        label="Email or username"
        autoComplete="username"
        autoCapitalize="none"
        {...form.field('identifier')}
      />
      <Input label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <div className="-mt-1 flex justify-end">
        <ForgotPasswordDialog />
      </div>
      {challenge && (
        <Challenge
          key={challenge.round}
          onTokenChange={(token) => {
            setChallenge((current) => current && { ...current, token });
            form.clearErrors('captchaToken');
          }}
          error={form.errorOf('captchaToken')}
        />
      )}
      <Button type="submit" size="lg" isLoading={form.formState.isSubmitting}>
        Log In
      </Button>
    </form>
  );
}
