import { ACCOUNT_MESSAGES, loginSchema } from '@klang/domain';
import { useState, type ComponentType, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-error';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';
import { errorsFromFailure, validate, type FieldErrors } from '../form-errors';
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
  const [values, setValues] = useState({ identifier: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  // The check appears when the server asks for it; each solved token is accepted once, so after
  // every attempt the widget starts again (a new key remounts it).
  const [challenge, setChallenge] = useState<{ round: number; token: string | null } | null>(null);

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setMessage(null);
  };

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(loginSchema, values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const captchaToken = challenge?.token ?? undefined;
      applySession(await accountsApi.login({ ...values, ...(captchaToken && { captchaToken }) }));
      onSignedIn();
    } catch (error) {
      const failure = errorsFromFailure(error, ACCOUNT_MESSAGES.invalidCredentials);
      setErrors(failure.fields);
      setMessage(failure.message ?? null);
      if (challenge || (isApiError(error) && error.code === 'CHALLENGE_REQUIRED')) {
        setChallenge((current) => ({ round: (current?.round ?? 0) + 1, token: null }));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {message && <Banner tone="error">{message}</Banner>}
      <Input
        label="Email or username"
        name="identifier"
        autoComplete="username"
        autoCapitalize="none"
        value={values.identifier}
        onChange={(event) => {
          change('identifier')(event.target.value);
        }}
        error={errors.identifier}
      />
      <Input
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(event) => {
          change('password')(event.target.value);
        }}
        error={errors.password}
      />
      <div className="-mt-1 flex justify-end">
        <ForgotPasswordDialog />
      </div>
      {challenge && (
        <Challenge
          key={challenge.round}
          onTokenChange={(token) => {
            setChallenge((current) => current && { ...current, token });
            setErrors((current) => ({ ...current, captchaToken: undefined }));
          }}
          error={errors.captchaToken}
        />
      )}
      <Button type="submit" size="lg" isLoading={isSubmitting}>
        Log In
      </Button>
    </form>
  );
}
