import { PRO_PLAN, TIER_LIMITS } from '@klang/domain';
import { Check, Crown } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { useStartCheckoutMutation, type CheckoutStart } from '../api/checkout-api';

const FREE_FEATURES = [
  `${TIER_LIMITS.free.uploads} track uploads`,
  `${TIER_LIMITS.free.featured} track in the player`,
  'Artist profile',
  'Analytics dashboard',
  'Access to the music catalogue',
];

const PRO_FEATURES = [
  'Gold Badge eligible',
  'Unlimited uploads',
  `${TIER_LIMITS.pro.featured} tracks in the player`,
  'Artist profile',
  'Analytics dashboard',
  'Music catalogue',
  'Klang Kit AI tools',
];

type PlanCardsProps = {
  /** The free plan's way on (to artist signup), supplied by the screen. */
  freeAction: ReactNode;
  /** Where the checkout returns, and for a signed-in artist what it upgrades from. */
  returnUrls: CheckoutStart;
};

/** Free and Pro side by side with the limits of spec 000 §6; Pro starts the checkout. */
export function PlanCards({ freeAction, returnUrls }: PlanCardsProps) {
  const checkout = useStartCheckoutMutation(returnUrls);
  return (
    <div className="flex flex-col gap-5">
      {checkout.error && <Banner tone="error">{checkout.error.message}</Banner>}
      <div className="grid gap-5 md:grid-cols-2">
        <Plan title="Free" price="£0" period="forever" features={FREE_FEATURES} action={freeAction} />
        <Plan
          title="Pro"
          price={PRO_PLAN.priceLabel}
          period="per month"
          badge={`${PRO_PLAN.offerTrialDays}-day free trial`}
          features={PRO_FEATURES}
          isHighlighted
          action={
            <Button
              className="w-full"
              isLoading={checkout.isPending}
              onClick={() => {
                // Spec 000 §2: the paid-account click and the checkout start are counted, first-party.
                const path = window.location.pathname;
                sendAnalyticsEvent({ name: 'signup_paid_account_click', path });
                sendAnalyticsEvent({ name: 'signup_checkout_started', path });
                checkout.mutate();
              }}
            >
              Start Free Trial
            </Button>
          }
        />
      </div>
    </div>
  );
}

type PlanProps = {
  title: string;
  price: string;
  period: string;
  badge?: string;
  features: readonly string[];
  action: ReactNode;
  isHighlighted?: boolean;
};

function Plan({ title, price, period, badge, features, action, isHighlighted = false }: PlanProps) {
  return (
    <section
      aria-labelledby={`plan-${title}`}
      className={cn(
        'flex flex-col gap-6 rounded-3xl border bg-surface p-6 sm:p-8',
        isHighlighted ? 'border-primary/70 shadow-[0_20px_60px_-30px_var(--color-primary)]' : 'border-line',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h2
          id={`plan-${title}`}
          className="flex items-center gap-2 text-2xl font-bold tracking-tight text-fg"
        >
          {isHighlighted && <Crown aria-hidden="true" className="size-5 text-accent" />}
          {title}
        </h2>
        {badge && (
          <span className="rounded-full bg-primary/15 px-3 py-1 text-xs font-semibold text-fg">{badge}</span>
        )}
      </div>
      <p className="flex items-baseline gap-2">
        <span className="text-4xl font-extrabold tracking-tight text-fg">{price}</span>
        <span className="text-muted">{period}</span>
      </p>
      <ul className="flex flex-1 flex-col gap-3">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-[0.9375rem] text-fg">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
            {feature}
          </li>
        ))}
      </ul>
      {action}
    </section>
  );
}
