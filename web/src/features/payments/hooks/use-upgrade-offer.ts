import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export type UpgradeReason = 'track_limit_upgrade' | undefined;

/** ?offer=upgrade or ?offer=track_limit_upgrade on /profile opens the upgrade modal (the Upgrade links). */
export const UPGRADE_OFFER_PARAM = 'offer';

/**
 * The 'Upgrade to Artist Pro' modal's state on the profile: opened by a button, or by an Upgrade
 * link elsewhere (the track limit, the Kit popup, the feature tutorial) through ?offer=, which is
 * taken off the address once read.
 */
export function useUpgradeOffer() {
  const [params, setParams] = useSearchParams();
  const [offer, setOffer] = useState<{ open: boolean; reason: UpgradeReason }>({
    open: false,
    reason: undefined,
  });
  const asked = params.get(UPGRADE_OFFER_PARAM);
  // Opened while rendering, when the address starts asking (React's "adjust state on a prop change").
  const [seen, setSeen] = useState<string | null>(null);
  if (asked !== seen) {
    setSeen(asked);
    if (asked) {
      setOffer({ open: true, reason: asked === 'track_limit_upgrade' ? 'track_limit_upgrade' : undefined });
    }
  }

  useEffect(() => {
    if (!asked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(UPGRADE_OFFER_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, setParams]);

  const openWith = useCallback((reason?: UpgradeReason) => {
    setOffer({ open: true, reason });
  }, []);
  const setOpen = useCallback((open: boolean) => {
    setOffer((current) => ({ ...current, open }));
  }, []);
  return { ...offer, openWith, setOpen };
}
