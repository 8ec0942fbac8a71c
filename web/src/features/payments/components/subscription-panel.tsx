import {
  PRO_PLAN,
  subscriptionStatusLabel,
  type SubscriptionState,
  type SubscriptionTier,
} from '@klang/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useOpenBillingPortal, useSetCancelAtPeriodEnd, useSubscriptionState } from '../api/subscription-api';

const TIER_LABELS = { free: 'Free', trial: 'Trial', pro: 'Pro' } as const satisfies Record<
  SubscriptionTier,
  string
>;

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** The one date that matters now: when the trial ends, when it renews, or when it stops. */
function nextDate(state: SubscriptionState): { label: string; value: string } | null {
  const end = state.status === 'trialing' ? state.trialEnd : state.currentPeriodEnd;
  if (end && state.cancelAtPeriodEnd) return { label: 'Ends on', value: longDate(end) };
  if (end && state.status === 'trialing') return { label: 'Trial ends on', value: longDate(end) };
  if (end && state.status === 'active') return { label: 'Renews on', value: longDate(end) };
  if (state.tier === 'trial' && state.trialEndDate) {
    return { label: 'Trial ends on', value: longDate(state.trialEndDate) };
  }
  return null;
}

type SubscriptionPanelProps = {
  isArtist: boolean;
  /** Where a listener who makes music reads about the artist plans. */
  artistPlansPath: string;
  /** The demo account sees the controls; the server refuses them with the spec's message. */
  isDemo: boolean;
  onUpgrade: () => void;
  /** Turns the demo account's refusal into its popup; true when it did. */
  onDemoRefusal: (error: unknown) => boolean;
};

/**
 * Settings, Subscription tab (issue 8): plan, status, renewal or trial end; cancel at the end of
 * the period or resume; billing managed on Stripe's customer portal or Klang's local page.
 */
export function SubscriptionPanel({
  isArtist,
  artistPlansPath,
  isDemo,
  onUpgrade,
  onDemoRefusal,
}: SubscriptionPanelProps) {
  const state = useSubscriptionState(isArtist);
  const setCancel = useSetCancelAtPeriodEnd();
  const portal = useOpenBillingPortal();
  const [isConfirming, setConfirming] = useState(false);

  if (!isArtist) {
    return (
      <div className="flex flex-col gap-4">
        <p className="text-[0.9375rem] text-fg">
          Your plan: <span className="font-semibold">Listener, free</span>
        </p>
        <p className="text-[0.9375rem] leading-relaxed text-muted">
          Listening on Klang costs nothing: every track, blind, with K-Points for every swipe, like and
          minute. Plans are for artists, with uploads, chart places and the Klang Kit.
        </p>
        <Button asChild variant="secondary" className="self-start">
          <Link to={artistPlansPath}>See the artist plans</Link>
        </Button>
      </div>
    );
  }
  if (state.isPending) return <Spinner label="Loading your subscription" />;
  if (state.isError) {
    return (
      <Banner
        tone="error"
        action={
          <Button variant="secondary" size="sm" onClick={() => void state.refetch()}>
            Try Again
          </Button>
        }
      >
        {state.error.message}
      </Banner>
    );
  }

  const data = state.data;
  const date = nextDate(data);
  // The demo account's refusals open its popup instead (onDemoRefusal below).
  const failure = isDemo ? null : (setCancel.error ?? portal.error);
  const canUpgrade = data.tier !== 'pro' && !data.canManage && !isDemo;
  const act = (run: () => Promise<unknown>) => {
    setConfirming(false);
    run().catch((error: unknown) => {
      onDemoRefusal(error);
    });
  };

  return (
    <div className="flex flex-col gap-5">
      {failure && <Banner tone="error">{failure.message}</Banner>}
      <dl className="rounded-2xl border border-line px-4">
        <Row label="Plan" value={`${TIER_LABELS[data.tier]}${data.tier === 'free' ? '' : ' · Artist Pro'}`} />
        <Row label="Status" value={subscriptionStatusLabel(data.status)} />
        {date && <Row label={date.label} value={date.value} />}
        {data.status && <Row label="Price" value={`${PRO_PLAN.priceLabel} per ${PRO_PLAN.interval}`} />}
      </dl>
      {data.cancelAtPeriodEnd && (
        <p className="text-[0.9375rem] text-fg/85">
          Your subscription is cancelled and will not renew. Pro stays until the date above.
        </p>
      )}
      {isConfirming ? (
        <div
          role="group"
          aria-label="Confirm cancellation"
          className="flex flex-col gap-3 rounded-2xl border border-accent/40 p-4"
        >
          <p className="text-[0.9375rem] text-fg">
            Cancel Artist Pro? You keep it until the end of the current period and are not charged again.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button
              variant="danger"
              isLoading={setCancel.isPending}
              onClick={() => {
                act(() => setCancel.mutateAsync(true));
              }}
            >
              Yes, cancel
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setConfirming(false);
              }}
            >
              Keep Pro
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-3">
          {canUpgrade && <Button onClick={onUpgrade}>Upgrade to Artist Pro</Button>}
          {(data.canManage || isDemo) &&
            (data.cancelAtPeriodEnd ? (
              <Button
                isLoading={setCancel.isPending}
                onClick={() => {
                  act(() => setCancel.mutateAsync(false));
                }}
              >
                Resume subscription
              </Button>
            ) : (
              <Button
                variant="secondary"
                onClick={() => {
                  if (isDemo) act(() => setCancel.mutateAsync(true));
                  else setConfirming(true);
                }}
              >
                Cancel subscription
              </Button>
            ))}
          {(data.canManage || isDemo) && (
            <Button
              variant="secondary"
              isLoading={portal.isPending}
              onClick={() => {
                act(() => portal.mutateAsync());
              }}
            >
              Manage billing
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-line py-3 last:border-b-0">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right font-medium text-fg">{value}</dd>
    </div>
  );
}
