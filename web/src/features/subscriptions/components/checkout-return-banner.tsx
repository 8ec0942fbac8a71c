import { CHECKOUT_BANNER_MS, UPGRADE_MESSAGES } from '@klang/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../components/ui/banner';

type Outcome = 'success' | 'cancelled';

/** ?upgrade= is what the upgrade sends; ?checkout= is the other reading (spec 001 §2, DECISIONS.md). */
function outcomeOf(params: URLSearchParams): Outcome | null {
  const value = params.get('upgrade') ?? params.get('checkout');
  return value === 'success' || value === 'cancelled' ? value : null;
}

/** The subscription may take a moment to be applied after the payment page returns. */
const REFRESH_AGAIN_MS = 2_500;

/**
 * The banner on /profile after the upgrade checkout: 'Upgrade Successful!' or 'Upgrade
 * Cancelled', shown for 5 seconds, then the query is stripped from the address. On success the
 * screen's account is refreshed so the new tier shows.
 */
export function CheckoutReturnBanner({ onUpgraded }: { onUpgraded: () => void }) {
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome | null>(() => outcomeOf(params));
  // The timers run once per return; the latest callbacks are read when they fire.
  const latest = useRef({ onUpgraded, setParams });
  useEffect(() => {
    latest.current = { onUpgraded, setParams };
  });

  useEffect(() => {
    if (!outcome) return;
    const refresh = () => {
      latest.current.onUpgraded();
    };
    if (outcome === 'success') refresh();
    const again = outcome === 'success' ? setTimeout(refresh, REFRESH_AGAIN_MS) : undefined;
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
      clearTimeout(again);
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
