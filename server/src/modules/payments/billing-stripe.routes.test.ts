import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, PRO_PLAN } from '@klang/domain';
import { signUp, type Client } from '../../test/accounts-helpers';
import type { TestApp } from '../../test/app';
import { checkoutUser } from '../../test/local-checkout';
import { createStripeTestApp, type FakeStripe } from '../../test/stripe-app';

const origin = 'http://localhost:3000';
const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
let t: TestApp;
let stripe: FakeStripe;
let counter = 0;

beforeAll(async () => {
  ({ t, stripe } = await createStripeTestApp({
    webhookSecret: 'whsec_billing_test',
    env: { PUBLIC_URL: origin },
  }));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function startCheckout(client: Client): Promise<string> {
  const answer = await client.post('/functions/v1/create-checkout', {
    price_id: PRO_PLAN.priceId,
    success_url: `${origin}/signup/artist?checkout=success`,
    cancel_url: `${origin}/artist-subscription?checkout=cancelled`,
    mode: 'subscription',
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ sessionId: string }>().sessionId;
}

function signupBody(sessionId: string) {
  counter += 1;
  const name = `s${String(counter)}${Math.random().toString(36).slice(2, 7)}`;
  return {
    username: `artist${name}`,
    artistName: `Artist ${name}`,
    bio: 'Records',
    email: `artist${name}@example.com`,
    password: 'secret-pass',
    session_id: sessionId,
  };
}

describe('signup completion and plan management on Stripe', () => {
  it("grants the trial only for a Checkout Session Stripe says is complete and this account's", async () => {
    const user = await checkoutUser(t);
    const sessionId = await startCheckout(user);
    const other = await checkoutUser(t);
    const stolen = await other.post('/api/payments/checkout/complete-signup', signupBody(sessionId));
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ error: { message: ACCOUNT_MESSAGES.notYourAccount } });

    const session = stripe.checkoutSessions.get(sessionId);
    if (!session) throw new Error('the fake Stripe lost the session');
    session.status = 'complete';
    const completed = await user.post('/api/payments/checkout/complete-signup', signupBody(sessionId));
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ subscriptionTier: 'trial', userType: 'artist' });
  });

  it("cancels at period end on Stripe and opens Stripe's customer portal, returning to the profile", async () => {
    const artist = await signUp(t.app, 'artist');
    const id = `sub_bill_${artist.id.slice(0, 8)}`;
    stripe.subscriptions.set(id, {
      id,
      customer: `cus_bill_${artist.id.slice(0, 8)}`,
      status: 'active',
      trial_end: null,
      cancel_at_period_end: false,
      metadata: { user_id: artist.id },
      current_period_end: now() + 20 * DAY,
    });
    await t.db.query(
      `insert into payment_subscriptions (account_id, provider, customer_id, subscription_id, subscription_status)
       values ($1, 'stripe', $2, $3, 'active')`,
      [artist.id, `cus_bill_${artist.id.slice(0, 8)}`, id],
    );

    const cancelled = await artist.post('/api/payments/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, tier: 'pro' });
    expect(stripe.subscriptions.get(id)?.cancel_at_period_end).toBe(true);

    const portal = await artist.post('/api/payments/subscription/portal');
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p/bps_test_1' });
    expect(Object.fromEntries(stripe.portalRequests.at(-1) ?? [])).toEqual({
      customer: `cus_bill_${artist.id.slice(0, 8)}`,
      return_url: `${origin}/profile`,
    });
    // No local billing page when Stripe is the provider, at either address.
    expect((await artist.get('/payments/local/billing')).statusCode).toBe(404);
    expect((await artist.get('/billing/local')).statusCode).toBe(404);
  });
});
