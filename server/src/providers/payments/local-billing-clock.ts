import { randomBytes } from 'node:crypto';
import { PRO_PLAN } from '@klang/domain';

export const DAY_SECONDS = 24 * 60 * 60;
/** One billing period of the Pro plan, as the local provider counts it. */
export const BILLING_PERIOD_SECONDS = 30 * DAY_SECONDS;
/** Stripe sends `customer.subscription.trial_will_end` three days before a trial ends. */
export const TRIAL_NOTICE_SECONDS = 3 * DAY_SECONDS;
/** A renewal that could not be charged stays past due this long, then the subscription ends. */
const PAST_DUE_SECONDS = 14 * DAY_SECONDS;
/** Catching up after a long stop renews at most this many periods in one step. */
const MAX_PERIODS_PER_STEP = 24;

export const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** The fields of a stored local subscription (Stripe's shape) that its billing reads and writes. */
export interface LocalSubscription {
  id: string;
  customer: string;
  status: string;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  canceled_at?: number | null;
  ended_at?: number | null;
  metadata: Record<string, string>;
  items: { data: LocalSubscriptionItem[] };
  [field: string]: unknown;
}

interface LocalSubscriptionItem {
  current_period_start: number;
  current_period_end: number;
  [field: string]: unknown;
}

export interface LocalEvent {
  /** Derived from the subscription and the moment it is about, so a step run twice queues nothing new. */
  id: string;
  type: string;
  object: object;
  created: number;
}

const periodOf = (subscription: Pick<LocalSubscription, 'id' | 'items'>) => {
  const item = subscription.items.data[0];
  if (!item) throw new Error(`local subscription ${subscription.id} has no item`);
  return item;
};

/** An invoice for the subscription's current period in Stripe's shape: paid, or open after a failed charge. */
export function invoiceOf(
  subscription: Pick<LocalSubscription, 'id' | 'customer' | 'metadata' | 'items'>,
  charge: { amount: number; paid: boolean },
) {
  const period = periodOf(subscription);
  return {
    id: localId('in'),
    object: 'invoice',
    customer: subscription.customer,
    status: charge.paid ? 'paid' : 'open',
    currency: PRO_PLAN.currency,
    amount_due: charge.amount,
    amount_paid: charge.paid ? charge.amount : 0,
    attempt_count: 1,
    period_start: period.current_period_start,
    period_end: period.current_period_end,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
    },
  };
}

/**
 * What Stripe's own clock does to a subscription by `now`, for the local provider: the notice
 * before a trial ends, the renewal at the end of each period (charged, or past due when the card
 * refuses charges), the end of a subscription cancelled at period end, and the end of one left
 * past due. Pure: answers the subscription as it is at `now` and the events owed, oldest first.
 */
export function advanceSubscription(
  start: LocalSubscription,
  options: { now: number; chargesFail: boolean },
): { subscription: LocalSubscription; events: LocalEvent[] } {
  const { now } = options;
  let subscription = structuredClone(start);
  const events: LocalEvent[] = [];
  const owe = (type: string, at: number, object: object, key: string) => {
    events.push({ id: `evt_local_${subscription.id}_${key}`, type, object, created: at });
  };

  if (subscription.status === 'trialing' && subscription.trial_end !== null) {
    const noticeAt = subscription.trial_end - TRIAL_NOTICE_SECONDS;
    if (noticeAt <= now && now < subscription.trial_end && !subscription.cancel_at_period_end) {
      owe('customer.subscription.trial_will_end', noticeAt, subscription, 'trial_will_end');
    }
  }

  for (let renewed = 0; renewed < MAX_PERIODS_PER_STEP; renewed += 1) {
    const period = periodOf(subscription);
    const end = period.current_period_end;

    if (subscription.status === 'past_due') {
      if (now < period.current_period_start + PAST_DUE_SECONDS) break;
      const endedAt = period.current_period_start + PAST_DUE_SECONDS;
      subscription = { ...subscription, status: 'canceled', canceled_at: endedAt, ended_at: endedAt };
      owe('customer.subscription.deleted', endedAt, subscription, 'deleted');
      break;
    }
    if (!['trialing', 'active'].includes(subscription.status) || now < end) break;

    if (subscription.cancel_at_period_end) {
      subscription = { ...subscription, status: 'canceled', canceled_at: end, ended_at: end };
      owe('customer.subscription.deleted', end, subscription, 'deleted');
      break;
    }
    const next = { current_period_start: end, current_period_end: end + BILLING_PERIOD_SECONDS };
    const paid = !options.chargesFail;
    subscription = {
      ...subscription,
      status: paid ? 'active' : 'past_due',
      items: { ...subscription.items, data: [{ ...period, ...next }, ...subscription.items.data.slice(1)] },
    };
    const invoice = invoiceOf(subscription, { amount: PRO_PLAN.amountMinor, paid });
    owe(paid ? 'invoice.paid' : 'invoice.payment_failed', end, invoice, `${String(end)}_invoice`);
    owe('customer.subscription.updated', end, subscription, `${String(end)}_updated`);
  }
  return { subscription, events };
}
