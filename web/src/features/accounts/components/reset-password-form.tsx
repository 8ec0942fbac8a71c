import { ACCOUNT_MESSAGES, resetConfirmSchema } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useZodForm } from '../../../lib/use-zod-form';
import { accountsApi } from '../api/accounts-api';
import { ForgotPasswordDialog } from './forgot-password-dialog';

export const RESET_REDIRECT_MS = 3_000;

/**
 * Spec 001 §5 New password: both entries equal, judged once the new password itself passes (its
 * own message comes first). The second entry never leaves the browser, so no body schema has it.
 */
export const confirmationMatches = (field: string) => ({
  path: ['confirmation'],
  message: ACCOUNT_MESSAGES.passwordsDoNotMatch,
  when: ({ issues }: { issues: readonly { path?: readonly PropertyKey[] | undefined }[] }) =>
    !issues.some((issue) => issue.path?.[0] === field),
});

/** The reset's password rules (the server's own) and the confirmation. */
export const newPasswordFormSchema = resetConfirmSchema
  .pick({ password: true })
  .loose()
  .refine((values) => values.password === values.confirmation, confirmationMatches('password'));

type Status = 'checking' | 'invalid' | 'ready' | 'done';

/**
 * Spec 001 §4 Password reset: the link's token (in the URL fragment) is checked first; if valid
 * the form appears; on success a confirmation shows and `onDone` (to the login) runs after 3
 * seconds. A link that no longer works is no dead end: a new one is a tap away, or the login.
 */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone: () => void }) {
  const [status, setStatus] = useState<Status>(token ? 'checking' : 'invalid');
  const form = useZodForm(newPasswordFormSchema, {
    defaultValues: { password: '', confirmation: '' },
    editClears: 'all',
  });
  const confirm = useMutation({
    mutationFn: (password: string) => accountsApi.confirmPasswordReset(token ?? '', password),
  });

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

  const submit = form.onSubmit(async ({ password }) => {
    if (!token) return;
    try {
      await confirm.mutateAsync(password);
      setStatus('done');
    } catch (error) {
      form.fail(error, ACCOUNT_MESSAGES.resetFailed);
    }
  });

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
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      <Input label="New password" type="password" autoComplete="new-password" {...form.field('password')} />
      <Input
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmation')}
      />
      <Button type="submit" size="lg" isLoading={form.formState.isSubmitting}>
        Update Password
      </Button>
    </form>
  );
}
