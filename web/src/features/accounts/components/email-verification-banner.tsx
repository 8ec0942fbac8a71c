import { ACCOUNT_GUARD_MESSAGES, MESSAGES } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { isApiError } from '../../../lib/api-error';
import { accountsApi } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';

/**
 * Until the signed-in account has confirmed its address (decision 0255), the profile says what
 * that costs (its likes do not count in the charts) and offers to send the link again.
 */
export function EmailVerificationBanner() {
  const isUnverified = useAuthStore((state) => state.user !== null && !state.emailVerified);
  const resend = useMutation({ mutationFn: accountsApi.resendVerification });
  if (!isUnverified) return null;
  const failure = resend.error
    ? isApiError(resend.error) && resend.error.status > 0 && resend.error.status < 500
      ? resend.error.message
      : MESSAGES.unexpectedError
    : null;
  return (
    <Banner
      tone={failure ? 'error' : 'info'}
      action={
        resend.isSuccess ? null : (
          <Button
            variant="secondary"
            size="sm"
            isLoading={resend.isPending}
            onClick={() => {
              resend.mutate();
            }}
          >
            {ACCOUNT_GUARD_MESSAGES.verificationResend}
          </Button>
        )
      }
    >
      <p>{ACCOUNT_GUARD_MESSAGES.verifyEmailBanner}</p>
      {resend.isSuccess && <p className="mt-1 font-medium">{ACCOUNT_GUARD_MESSAGES.verificationSent}</p>}
      {failure && <p className="mt-1 font-medium">{failure}</p>}
    </Banner>
  );
}
