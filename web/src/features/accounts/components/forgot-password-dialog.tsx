import { ACCOUNT_MESSAGES, resetRequestSchema } from '@klang/domain';
import { useState, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { accountsApi } from '../api/accounts-api';
import { errorsFromFailure, validate } from '../form-errors';

/**
 * Spec 001 §2 'Forgot your password?': asks for the email and sends a one-hour reset link. The
 * login form opens it from a link; a reset link that no longer works, from a button.
 */
export function ForgotPasswordDialog({ trigger = 'link' }: { trigger?: 'link' | 'button' }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSent, setSent] = useState(false);
  const [isSending, setSending] = useState(false);

  async function submit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(resetRequestSchema, { email });
    setError(found.email);
    if (found.email) return;
    setSending(true);
    try {
      await accountsApi.requestPasswordReset(email);
      setSent(true);
    } catch (failure) {
      const { fields, message } = errorsFromFailure(failure, ACCOUNT_MESSAGES.resetEmailFailed);
      setError(fields.email ?? message ?? ACCOUNT_MESSAGES.resetEmailFailed);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      onOpenChange={(open) => {
        if (!open) {
          setSent(false);
          setError(undefined);
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
        {isSent ? (
          <Banner tone="success">{ACCOUNT_MESSAGES.resetEmailSent}</Banner>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
            <Input
              label="Email"
              name="reset-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(undefined);
              }}
              error={error}
            />
            <Button type="submit" isLoading={isSending}>
              Send Reset Link
            </Button>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
