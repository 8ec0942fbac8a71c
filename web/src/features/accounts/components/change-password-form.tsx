import { ACCOUNT_MESSAGES, changePasswordSchema } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useZodForm } from '../../../lib/use-zod-form';
import { accountsApi } from '../api/accounts-api';
import { confirmationMatches } from './reset-password-form';

/** The server's rules for the change, and the confirmation of the new password. */
const changePasswordFormSchema = changePasswordSchema
  .loose()
  .refine((values) => values.newPassword === values.confirmation, confirmationMatches('newPassword'));
const EMPTY = { currentPassword: '', newPassword: '', confirmation: '' };

/**
 * Settings > Security: the new-password rules of spec 001 §5, plus the current password, so a
 * session left open on a shared computer cannot take the account over (ASVS 2.1.6).
 */
export function ChangePasswordForm({ onDemoRefusal }: { onDemoRefusal: (error: unknown) => boolean }) {
  const form = useZodForm(changePasswordFormSchema, { defaultValues: EMPTY, editClears: 'all' });
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: typeof EMPTY) =>
      accountsApi.changePassword(currentPassword, newPassword),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await change.mutateAsync(values);
      form.reset(EMPTY);
      toast.success(ACCOUNT_MESSAGES.passwordUpdated);
    } catch (error) {
      if (onDemoRefusal(error)) return;
      form.fail(error, ACCOUNT_MESSAGES.resetFailed);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      {form.message && <Banner tone="error">{form.message}</Banner>}
      <Input
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
      />
      <Input
        label="New password"
        type="password"
        autoComplete="new-password"
        {...form.field('newPassword')}
      />
      <Input
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        {...form.field('confirmation')}
      />
      <Button type="submit" isLoading={form.formState.isSubmitting} className="self-start">
        Update Password
      </Button>
    </form>
  );
}
