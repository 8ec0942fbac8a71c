import { ACCOUNT_MESSAGES } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-error';
import { accountFunctionsApi } from '../api/account-functions-api';
import { useAuthStore } from '../auth-store';

type DeleteAccountFormProps = { onDeleted: () => void; onDemoRefusal: (error: unknown) => boolean };

/** Spec 001 §5 Delete account: the typed text must be exactly 'DELETE MY ACCOUNT'. */
export function DeleteAccountForm({ onDeleted, onDemoRefusal }: DeleteAccountFormProps) {
  const userId = useAuthStore((state) => state.user?.id);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const matches = text === ACCOUNT_MESSAGES.deleteConfirmation;
  const deletion = useMutation({
    mutationFn: (id: string) => accountFunctionsApi.deleteAccount(id, text),
    onSuccess: onDeleted,
    onError: (failure) => {
      if (onDemoRefusal(failure)) return;
      setError(isApiError(failure) ? failure.message : ACCOUNT_MESSAGES.deleteFailed);
    },
  });

  function remove() {
    if (!userId) return;
    if (!matches) {
      setError(ACCOUNT_MESSAGES.deleteConfirmationMismatch);
      return;
    }
    deletion.mutate(userId);
  }

  return (
    <section
      className="flex flex-col gap-4 rounded-2xl border border-accent/40 p-4"
      aria-labelledby="delete-heading"
    >
      <h3 id="delete-heading" className="text-base font-semibold text-fg">
        Delete account
      </h3>
      <p className="text-sm text-muted">
        This removes your profile, likes, points, photos and uploads for good. Type{' '}
        {ACCOUNT_MESSAGES.deleteConfirmation} to confirm.
      </p>
      {error && <Banner tone="error">{error}</Banner>}
      <Input
        label="Confirmation"
        value={text}
        autoComplete="off"
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
      />
      <Button
        variant="danger"
        disabled={!matches}
        isLoading={deletion.isPending}
        onClick={remove}
        className="self-start"
      >
        Delete My Account
      </Button>
    </section>
  );
}
