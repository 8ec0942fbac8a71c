import { CHECKOUT_BANNER_MS, UPGRADE_MESSAGES } from '@klang/domain';
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { isSubscriptionLive } from '../api/subscription-api';

type Outcome = 'success' | 'cancelled';

/** ?upgrade= is what the upgrade sends; ?checkout= is the other reading (spec 001 §2, product-decisions.md). */
function outcomeOf(params: URLSearchParams): Outcome | null {
  const value = params.get('upgrade') ?? params.get('checkout');
  return value === 'success' || value === 'cancelled' ? value : null;
}

/**
 * The payment page returns before the provider's event is applied (a webhook, then a job), so
 * on success the plan is read again every second until it is live, for at most 20 seconds.
 */
export const UPGRADE_POLL_MS = 1_000;
export const UPGRADE_WAIT_MS = 20_000;

/**
 * The banner on /profile after the upgrade checkout: 'Upgrade Successful!' or 'Upgrade
 * Cancelled', shown for 5 seconds, then the query is stripped from the address. On success the
 * screen's account is refreshed (`onUpgraded`) as soon as the new plan is live.
 */
export function CheckoutReturnBanner({ onUpgraded }: { onUpgraded: () => void }) {
  const [params, setParams] = useSearchParams();
  const [returned] = useState<Outcome | null>(() => outcomeOf(params));
  const [outcome, setOutcome] = useState<Outcome | null>(returned);
  const client = useQueryClient();
  // The timers run once per return; the latest callbacks are read when they fire.
  const latest = useRef({ onUpgraded, setParams });
  useEffect(() => {
    latest.current = { onUpgraded, setParams };
  });

  useEffect(() => {
    if (returned !== 'success') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const deadline = Date.now() + UPGRADE_WAIT_MS;
    const check = async () => {
      const live = await isSubscriptionLive(client).catch(() => false);
      if (stopped) return;
      if (live || Date.now() >= deadline) latest.current.onUpgraded();
      else timer = setTimeout(() => void check(), UPGRADE_POLL_MS);
    };
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [returned, client]);

  useEffect(() => {
    if (!outcome) return;
    const done = setTimeout(() => {
      setOutcome(null);
      latest.current.setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('upgrade');
          next.delete('checkout');
          return next;
        },
        { replace: true },
      );
    }, CHECKOUT_BANNER_MS);
    return () => {
      clearTimeout(done);
    };
  }, [outcome]);

  if (!outcome) return null;
  return outcome === 'success' ? (
    <Banner tone="success" title={UPGRADE_MESSAGES.successful}>
      Welcome to Artist Pro. Unlimited uploads, 3 tracks in the player and the Klang Kit are yours.
    </Banner>
  ) : (
    <Banner tone="info" title={UPGRADE_MESSAGES.cancelled}>
      No payment was taken. You can upgrade whenever you are ready.
    </Banner>
  );
}
