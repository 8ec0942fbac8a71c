import { ACCOUNT_GUARD_MESSAGES } from '@klang/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Spinner } from '../../../components/ui/spinner';
import { accountKeys, accountsApi } from '../api/accounts-api';

type VerifyEmailResultProps = {
  token: string | null;
  /** The way on: to the profile (whose banner sends a new link) or the app. */
  next: ReactNode;
};

/**
 * The verification link's landing (decision 0255). The token is spent once: a query, not an
 * effect, so a remount in development asks the server once and reads the answer it kept.
 */
export function VerifyEmailResult({ token, next }: VerifyEmailResultProps) {
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: accountKeys.verifyEmail(token),
    queryFn: async () => {
      await accountsApi.verifyEmail(token ?? '');
      await queryClient.invalidateQueries({ queryKey: accountKeys.session() });
      return true;
    },
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  if (token !== null && result.isPending) {
    return <Spinner label={ACCOUNT_GUARD_MESSAGES.verifying} />;
  }
  const verified = result.isSuccess;
  return (
    <div className="flex flex-col gap-5">
      <Banner tone={verified ? 'success' : 'error'}>
        {verified ? ACCOUNT_GUARD_MESSAGES.emailVerified : ACCOUNT_GUARD_MESSAGES.verifyLinkInvalid}
      </Banner>
      {next}
    </div>
  );
}
