import { ACCOUNT_MESSAGES, PASSWORD_CHANGE_MESSAGES } from '@klang/domain';
import { useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { accountsApi } from '../api/accounts-api';
import { errorsFromFailure, type FieldErrors } from '../form-errors';
import { checkNewPassword } from './reset-password-form';

/**
 * Settings > Security: the new-password rules of spec 001 §5, plus the current password, so a
 * session left open on a shared computer cannot take the account over (ASVS 2.1.6).
 */
export function ChangePasswordForm({ onDemoRefusal }: { onDemoRefusal: (error: unknown) => boolean }) {
  const [values, setValues] = useState({ current: '', password: '', confirmation: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const field = (name: keyof typeof values) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      setErrors({});
      setMessage(null);
    },
  });

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: FieldErrors = checkNewPassword(values.password, values.confirmation);
    if (!values.current) found.current = PASSWORD_CHANGE_MESSAGES.currentPasswordRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await accountsApi.changePassword(values.current, values.password);
      setValues({ current: '', password: '', confirmation: '' });
      toast.success(ACCOUNT_MESSAGES.passwordUpdated);
    } catch (error) {
      if (onDemoRefusal(error)) return;
      const failure = errorsFromFailure(error, ACCOUNT_MESSAGES.resetFailed);
      setErrors({ current: failure.fields.currentPassword, password: failure.fields.newPassword });
      setMessage(failure.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {message && <Banner tone="error">{message}</Banner>}
      <Input label="Current password" type="password" autoComplete="current-password" {...field('current')} />
      <Input label="New password" type="password" autoComplete="new-password" {...field('password')} />
      <Input
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...field('confirmation')}
      />
      <Button type="submit" isLoading={isSaving} className="self-start">
        Update Password
      </Button>
    </form>
  );
}
