import Stripe from 'stripe';
import {
  snapshotOf,
  verifySignedEvent,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
} from './payment-provider';

export interface StripePaymentsConfig {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** https://api.stripe.com, or a local stand-in in tests. */
  apiUrl: string;
}

/**
 * Stripe Checkout in subscription mode, on stripe-node's pinned API version. Retries are
 * stripe-node's (2, with its own idempotency keys); our key makes a repeated start the same session.
 */
export function createStripePayments(config: StripePaymentsConfig): PaymentProvider {
  const api = new URL(config.apiUrl);
  const protocol = api.protocol === 'http:' ? 'http' : 'https';
  const stripe = new Stripe(config.secretKey, {
    host: api.hostname,
    port: api.port ? Number(api.port) : protocol === 'http' ? 80 : 443,
    protocol,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',
    priceId: config.priceId,

    async createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: config.priceId, quantity: 1 }],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.accountId,
          ...(request.email && { customer_email: request.email }),
          metadata: request.metadata,
          subscription_data: {
            trial_period_days: request.trialDays,
            metadata: request.metadata,
          },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifySignedEvent(rawBody, signatureHeader, config.webhookSecret);
    },

    async retrieveSubscription(id) {
      try {
        return snapshotOf(await stripe.subscriptions.retrieve(id));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async retrieveCheckoutSession(id) {
      try {
        const session = await stripe.checkout.sessions.retrieve(id);
        const subscription = session.subscription;
        return {
          accountId: session.client_reference_id,
          complete: session.status === 'complete',
          subscriptionId: typeof subscription === 'string' ? subscription : (subscription?.id ?? null),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return snapshotOf(await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },

    async createBillingPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return { url: session.url };
    },
  };
}

/** Stripe answers 404 for an id it does not know (resource_missing). */
function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}
