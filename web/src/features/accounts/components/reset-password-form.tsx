import { ACCOUNT_MESSAGES, newPasswordSchema } from '@klang/domain';
import { useEffect, useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { accountsApi } from '../api/accounts-api';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { errorsFromFailure, validate } from '../form-errors';

export const RESET_REDIRECT_MS = 3_000;

/** Spec 001 §5 New password: required, at least 6 characters, and both entries equal. */
export function checkNewPassword(
  password: string,
  confirmation: string,
): { password?: string; confirmation?: string } {
  const found = validate(newPasswordSchema, password);
  if (found.form) return { password: found.form };
  if (password !== confirmation) return { confirmation: ACCOUNT_MESSAGES.passwordsDoNotMatch };
  return {};
}

type Status = 'checking' | 'invalid' | 'ready' | 'done';

/**
 * Spec 001 §4 Password reset: the link's token (in the URL fragment) is checked first; if valid
 * the form appears; on success a confirmation shows and `onDone` (to the login) runs after 3
 * seconds. A link that no longer works is no dead end: a new one is a tap away, or the login.
 */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const [status, setStatus] = useState<Status>(token ? 'checking' : 'invalid');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirmation?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (!token) return;
    accountsApi.checkResetToken(token).then(
      ({ valid }) => {
        setStatus(valid ? 'ready' : 'invalid');
      },
      () => {
        setStatus('invalid');
      },
    );
  }, [token]);

  useEffect(() => {
    if (status !== 'done') return;
    const timer = setTimeout(onDone, RESET_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [status, onDone]);

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = checkNewPassword(password, confirmation);
    setErrors(found);
    if (Object.keys(found).length > 0 || !token) return;
    setSaving(true);
    try {
      await accountsApi.confirmPasswordReset(token, password);
      setStatus('done');
    } catch (error) {
      const failure = errorsFromFailure(error, ACCOUNT_MESSAGES.resetFailed);
      if (failure.fields.password) setErrors({ password: failure.fields.password });
      setMessage(failure.message);
    } finally {
      setSaving(false);
    }
  }

  if (status === 'checking') return <Spinner label="Checking your reset link" />;
  if (status === 'invalid') {
    return (
      <div className="flex flex-col gap-4">
        <Banner tone="error">{ACCOUNT_MESSAGES.resetLinkInvalid}</Banner>
        <ForgotPasswordDialog trigger="button" />
        <Button variant="ghost" onClick={onDone}>
          Back to log in
        </Button>
      </div>
    );
  }
  if (status === 'done') return <Banner tone="success">{ACCOUNT_MESSAGES.passwordResetDone}</Banner>;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {message && <Banner tone="error">{message}</Banner>}
      <Input
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors({});
        }}
        error={errors.password}
      />
      <Input
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => {
          setConfirmation(event.target.value);
          setErrors({});
        }}
        error={errors.confirmation}
      />
      <Button type="submit" size="lg" isLoading={isSaving}>
        Update Password
      </Button>
    </form>
  );
}
