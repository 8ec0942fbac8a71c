import Stripe from 'stripe';

/** Stripe's subscription statuses; payment_subscriptions accepts exactly these. */
export const SUBSCRIPTION_STATUSES = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface CheckoutRequest {
  accountId: string;
  /** Prefills the payment page; null for a temporary checkout user's throwaway address. */
  email: string | null;
  successUrl: string;
  cancelUrl: string;
  /** The spec's metadata (product_id, user_id, upgrade_from or upgrade_type), on session and subscription. */
  metadata: Record<string, string>;
  trialDays: number;
  /** Same key, same session: a double click does not open two checkouts. */
  idempotencyKey: string;
}

export interface CheckoutSession {
  id: string;
  url: string;
}

/** A subscription as the provider holds it now; what the webhook job writes down. */
export interface SubscriptionSnapshot {
  id: string;
  customerId: string | null;
  status: SubscriptionStatus;
  priceId: string | null;
  userId: string | null;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** A verified webhook event, in Stripe's shape whichever provider sent it. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Unix seconds. */
  created: number;
  object: Record<string, unknown>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * A payment provider: Stripe when configured, else Klang's local checkout. Both speak Stripe's
 * shapes (Checkout Sessions, subscriptions, signed events), so one webhook route and one job
 * serve both.
 */
export interface PaymentProvider {
  readonly name: 'stripe' | 'local';
  /** The Pro price the checkout sells. */
  readonly priceId: string;
  createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession>;
  /** Checks the Stripe-Signature header over the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentEvent;
  /** The subscription's current state, or null when the provider does not know it. */
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  /** Who a checkout session was for and whether it was paid; null when the provider does not know it. */
  retrieveCheckoutSession(id: string): Promise<CheckoutOutcome | null>;
  /** Cancels at the end of the period (true) or takes that back (false); answers the new state. */
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<SubscriptionSnapshot>;
  /** A page where the customer manages billing (Stripe's customer portal, or Klang's local one). */
  createBillingPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }>;
}

export interface CheckoutOutcome {
  /** client_reference_id: the account the checkout was started for. */
  accountId: string | null;
  /** Stripe's `status: complete`: the customer paid, or started the trial. */
  complete: boolean;
  subscriptionId: string | null;
}

/** Signature tolerance, as stripe-node's default: a replayed delivery older than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** Verifies a `t=…,v1=…` header (HMAC-SHA256 over "t.body") with stripe-node's own verifier. */
export function verifySignedEvent(rawBody: Buffer, header: string | undefined, secret: string): PaymentEvent {
  if (!header) throw new WebhookSignatureError('No Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, header, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    object: event.data.object as unknown as Record<string, unknown>,
  };
}

/** Signs a payload as Stripe does; the local provider's deliveries and the tests use it. */
export function signPayload(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000),
): string {
  return Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
}

/**
 * Reads a Stripe-shaped subscription. Since API version 2025-03-31.basil the period end lives on
 * the subscription items, not the subscription: the latest item end is the period end.
 */
export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const items = subscription.items.data;
  const periodEnds = items.map((item) => item.current_period_end).filter((end) => typeof end === 'number');
  const customer = subscription.customer;
  return {
    id: subscription.id,
    customerId: typeof customer === 'string' ? customer : customer.id,
    status: knownStatus(subscription.status),
    priceId: items[0]?.price.id ?? null,
    userId: subscription.metadata.user_id ?? null,
    trialEnd: subscription.trial_end ? new Date(subscription.trial_end * 1000) : null,
    currentPeriodEnd: periodEnds.length > 0 ? new Date(Math.max(...periodEnds) * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
  };
}

/** A status a later API version adds grants nothing until Klang knows it: it reads as incomplete. */
function knownStatus(status: string): SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status)
    ? (status as SubscriptionStatus)
    : 'incomplete';
}
