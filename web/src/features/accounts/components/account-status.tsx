import { useMutation, useQuery } from '@tanstack/react-query';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { accountFunctionsApi } from '../api/account-functions-api';
import { accountKeys } from '../api/accounts-api';
import { useAuthStore } from '../auth-store';

export const DEBUG_RELOAD_MS = 2_000;

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line py-3 last:border-b-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-fg">{value}</dd>
    </div>
  );
}

/**
 * Spec 001 §2 Welcome/status page: email, subscription, entitlement, and a debug sync button
 * (debug-purchase, then a reload after 2 s). A failed entitlement check reads as no access.
 */
export function AccountStatus() {
  const user = useAuthStore((state) => state.user);
  const tier = useAuthStore((state) => state.subscriptionTier);
  const entitlements = useQuery({
    queryKey: accountKeys.entitlements(user?.id ?? ''),
    queryFn: () => accountFunctionsApi.checkEntitlements(user?.id ?? ''),
    enabled: Boolean(user),
  });
  // The debug sync reloads the page 2 s after it answers, to read the plan afresh.
  const sync = useMutation({
    mutationFn: (userId: string) => accountFunctionsApi.debugPurchase(userId),
    onSuccess: () => {
      setTimeout(() => {
        window.location.reload();
      }, DEBUG_RELOAD_MS);
    },
  });
  if (!user) return null;

  const info = sync.data?.debug_info;
  const debug = info
    ? `Payment customer: ${info.has_stripe_customer ? 'yes' : 'no'} · Subscription active: ${info.stripe_subscription_active ? 'yes' : 'no'}`
    : sync.error
      ? isApiError(sync.error)
        ? sync.error.message
        : String(sync.error)
      : null;
  const entitled = entitlements.data?.hasArtistEntitlement ?? false;
  return (
    <div className="flex flex-col gap-5">
      <dl className="rounded-2xl border border-line bg-surface px-5">
        <Row label="Email" value={user.email} />
        <Row label="Subscription" value={tier} />
        <Row
          label="Artist access"
          value={entitlements.isPending ? 'Checking…' : entitled ? 'Active' : 'No access'}
        />
        {entitlements.data?.expiresDate && (
          <Row
            label="Renews or ends"
            value={new Date(entitlements.data.expiresDate).toLocaleDateString('en-GB')}
          />
        )}
      </dl>
      {entitlements.isPending && <Spinner label="Checking your access" />}
      {debug && <Banner tone="info">{debug}</Banner>}
      <Button
        variant="secondary"
        // Busy until the reload, once the sync has answered.
        isLoading={sync.isPending || sync.isSuccess}
        onClick={() => {
          sync.mutate(user.id);
        }}
        className="self-start"
      >
        Sync Purchase Status
      </Button>
    </div>
  );
}
