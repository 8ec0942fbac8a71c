import { PRO_PLAN, TIER_LIMITS, UPGRADE_MESSAGES, type SubscriptionTier } from '@klang/domain';
import { Check } from 'lucide-react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent } from '../../../components/ui/dialog';
import { useStartCheckoutMutation } from '../api/checkout-api';

const BENEFITS = [
  'Unlimited uploads',
  `${String(TIER_LIMITS.pro.featured)} tracks in the player`,
  'The Klang Kit production tools',
  'Gold Badge eligible',
  'Advanced analytics',
];

type UpgradeDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The artist's tier now: the checkout says what it upgrades from (spec 001 §7). */
  tier: Exclude<SubscriptionTier, 'pro'>;
  /** Opened from the track limit: the checkout says it lifts that limit instead. */
  reason?: 'track_limit_upgrade' | undefined;
};

/**
 * Spec 001 §2 'Upgrade to Artist Pro': the offer (price, 30-day trial, benefits) and the checkout,
 * returning to /profile?upgrade=success|cancelled (product-decisions.md).
 */
export function UpgradeDialog({ open, onOpenChange, tier, reason }: UpgradeDialogProps) {
  const origin = window.location.origin;
  const checkout = useStartCheckoutMutation({
    success: `${origin}/profile?upgrade=success`,
    cancel: `${origin}/profile?upgrade=cancelled`,
    ...(reason ? { upgradeType: reason } : { upgradeFrom: tier }),
  });
  // Spec 001 §8: the failure's message, or 'Failed to start upgrade process'.
  const error = checkout.error ? checkout.error.message || UPGRADE_MESSAGES.failed : null;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!checkout.isPending) onOpenChange(next);
      }}
    >
      <DialogContent
        title={UPGRADE_MESSAGES.modalTitle}
        description={`${PRO_PLAN.priceLabel} a month, cancel anytime. Your first ${String(PRO_PLAN.offerTrialDays)} days are free.`}
        footer={
          <>
            <DialogClose asChild>
              <Button variant="secondary" disabled={checkout.isPending}>
                Not now
              </Button>
            </DialogClose>
            <Button
              isLoading={checkout.isPending}
              onClick={() => {
                checkout.mutate();
              }}
            >
              {checkout.isPending ? 'Processing...' : 'Start Free Trial'}
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-4">
          {error && <Banner tone="error">{error}</Banner>}
          <ul className="flex flex-col gap-3">
            {BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-start gap-3 text-[0.9375rem] text-fg">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                {benefit}
              </li>
            ))}
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
