import { createTestApp, type TestApp } from './app';
import { startFakeStripe } from './fakes/fake-stripe';

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;

/** A test app on the Stripe provider, its API pointed at a fresh fake Stripe. Close both after. */
export async function createStripeTestApp(options: {
  webhookSecret: string;
  priceId?: string;
  env?: Record<string, string>;
}): Promise<{ t: TestApp; stripe: FakeStripe }> {
  const stripe = await startFakeStripe();
  const t = await createTestApp({
    STRIPE_SECRET_KEY: 'sk_test_local',
    STRIPE_WEBHOOK_SECRET: options.webhookSecret,
    STRIPE_PRICE_ID: options.priceId ?? 'price_pro',
    STRIPE_API_URL: stripe.url,
    ...options.env,
  });
  return { t, stripe };
}

/** An event's JSON as Stripe posts it. */
export function stripeEventJson(type: string, object: Record<string, unknown>, id: string): string {
  return JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
}

/** Posts a payload to the webhook as Stripe does; a `null` signature sends no signature header. */
export function postToStripeWebhook(t: TestApp, payload: string, signature: string | null) {
  return t.app.inject({
    method: 'POST',
    url: '/functions/v1/stripe-webhook',
    headers: { 'content-type': 'application/json', ...(signature && { 'stripe-signature': signature }) },
    payload,
  });
}
