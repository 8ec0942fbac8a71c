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
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    },
  };
}
