import { ACCOUNT_MESSAGES, resetRequestSchema } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { useZodForm } from '../../../lib/use-zod-form';
import { accountsApi } from '../api/accounts-api';

/**
 * Spec 001 §2 'Forgot your password?': asks for the email and sends a one-hour reset link. The
 * login form opens it from a link; a reset link that no longer works, from a button.
 */
export function ForgotPasswordDialog({ trigger = 'link' }: { trigger?: 'link' | 'button' }) {
  const form = useZodForm(resetRequestSchema, { defaultValues: { email: '' } });
  const send = useMutation({ mutationFn: accountsApi.requestPasswordReset });

  const submit = form.onSubmit(async ({ email }) => {
    try {
      await send.mutateAsync(email);
    } catch (error) {
      form.fail(error, ACCOUNT_MESSAGES.resetEmailFailed, 'email');
    }
  });

  return (
    <Dialog
      onOpenChange={(open) => {
        if (!open) {
          send.reset();
          form.clearErrors();
        }
      }}
    >
      {trigger === 'link' ? (
        <DialogTrigger className="text-sm font-medium text-accent underline-offset-4 hover:underline">
          Forgot your password?
        </DialogTrigger>
      ) : (
        <DialogTrigger asChild>
          <Button size="lg">Send me a new link</Button>
        </DialogTrigger>
      )}
      <DialogContent
        title="Reset your password"
        description="Enter the email of your account and we will send you a link to set a new password."
        size="sm"
      >
        {send.isSuccess ? (
          <Banner tone="success">{ACCOUNT_MESSAGES.resetEmailSent}</Banner>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <Input label="Email" type="email" autoComplete="email" {...form.field('email')} />
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              Send Reset Link
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
