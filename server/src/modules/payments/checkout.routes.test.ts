import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_PLAN } from '@klang/domain';
import { signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { createStripeTestApp, type FakeStripe } from '../../test/stripe-app';
import { payLocalCheckout } from '../../test/local-checkout';
import { runDueJobs } from '../../test/run-jobs';

const origin = 'http://localhost:3000';
const start = (overrides: Record<string, unknown> = {}) => ({
  price_id: PRO_PLAN.priceId,
  success_url: `${origin}/signup/artist?checkout=success`,
  cancel_url: `${origin}/artist-subscription?checkout=cancelled`,
  mode: 'subscription',
  metadata: { product_id: PRO_PLAN.productId },
  ...overrides,
});

describe('create-checkout and the local checkout page', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: origin });
  });
  afterAll(async () => {
    await t.close();
  });

  it('needs a session, and acts for the signed-in user only', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/create-checkout',
      payload: start(),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({
      error: 'User not authenticated',
      message: 'User not authenticated',
      code: 'UNAUTHENTICATED',
    });
    const artist = await signUp(t.app, 'artist');
    const other = await signUp(t.app, 'artist');
    for (const body of [start({ user_id: other.id }), start({ metadata: { user_id: other.id } })]) {
      const answer = await artist.post('/functions/v1/create-checkout', body);
      expect(answer.statusCode).toBe(403);
    }
  });

  it('refuses another price, mode, or a return address that is not a Klang return page', async () => {
    const artist = await signUp(t.app, 'artist');
    const refused = [
      start({ price_id: 'price_cheaper' }),
      start({ mode: 'payment' }),
      start({ success_url: 'https://evil.example/signup/artist?checkout=success' }),
      start({ success_url: `${origin}/settings?checkout=success` }),
      start({ cancel_url: `${origin}/artist-subscription` }),
      start({ cancel_url: 'not a url' }),
    ];
    for (const body of refused) {
      const answer = await artist.post('/functions/v1/create-checkout', body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ code: string }>().code).toBe('VALIDATION_FAILED');
    }
    const wrongOrigin = await artist.post(
      '/functions/v1/create-checkout',
      start({ success_url: 'https://evil.example/signup/artist?checkout=success' }),
    );
    expect(wrongOrigin.json()).toEqual({
      error: 'The return address must be a Klang checkout page.',
      message: 'The return address must be a Klang checkout page.',
      code: 'VALIDATION_FAILED',
    });
  });

  it('declines a declining card and changes nothing; a good card completes through the webhook', async () => {
    const artist = await signUp(t.app, 'artist');
    const started = await artist.post('/functions/v1/create-checkout', start());
    expect(started.statusCode).toBe(200);
    const { url, sessionId } = started.json<{ url: string; sessionId: string }>();
    expect(url).toBe(`${origin}/payments/local/checkout/${sessionId}`);
    const path = new URL(url).pathname;

    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('£10.99');
    expect(page.body).toContain('30 days free');
    expect(page.body).toContain(artist.email);

    const declined = await payLocalCheckout(t, path, {
      number: '4000 0000 0000 0002',
      expiry: '12/34',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(
      await t.db.query('select 1 from local_subscriptions where account_id = $1', [artist.id]),
    ).toHaveLength(0);

    const paid = await payLocalCheckout(t, path, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${origin}/signup/artist?checkout=success&session_id=${sessionId}`);
    // The events went through the webhook route, signed, and were recorded once each.
    const events = await t.db.query<{ type: string }>(
      `select type from payment_events where payload->'object'->>'id' = $1
          or payload->'object'->>'customer' in (select customer_id from local_subscriptions where account_id = $2)
       order by type`,
      [sessionId, artist.id],
    );
    expect(events.map((e) => e.type)).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
    expect(
      await t.db.query(
        'select 1 from local_payment_deliveries where checkout_session_id = $1 and delivered_at is null',
        [sessionId],
      ),
    ).toHaveLength(0);

    await runDueJobs(t);
    const [payment] = await t.db.query<{
      subscription_status: string;
      checkout_session_id: string;
      provider: string;
    }>(
      'select subscription_status, checkout_session_id, provider from payment_subscriptions where account_id = $1',
      [artist.id],
    );
    expect(payment).toEqual({
      subscription_status: 'trialing',
      checkout_session_id: sessionId,
      provider: 'local',
    });
    const [profile] = await t.db.query<{ subscription_tier: string; trial_end_date: Date }>(
      'select subscription_tier, trial_end_date from artist_profiles where id = $1',
      [artist.id],
    );
    expect(profile?.subscription_tier).toBe('trial');
    const days = (new Date(profile?.trial_end_date ?? 0).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);

    // A second submit lands where the first did and opens nothing new.
    const again = await payLocalCheckout(t, path, {
      number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(again.headers.location).toBe(paid.headers.location);
    expect(
      await t.db.query('select 1 from local_subscriptions where account_id = $1', [artist.id]),
    ).toHaveLength(1);

    const second = await artist.post('/functions/v1/create-checkout', start());
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({
      error: 'You already have an active Artist Pro subscription.',
      message: 'You already have an active Artist Pro subscription.',
      code: 'CONFLICT',
    });
  });

  it('cancelling returns to the cancel page; a double start is one session', async () => {
    const artist = await signUp(t.app, 'artist');
    const upgrade = start({
      success_url: `${origin}/profile?upgrade=success`,
      cancel_url: `${origin}/profile?upgrade=cancelled`,
      metadata: { product_id: PRO_PLAN.productId, upgrade_type: 'track_limit_upgrade' },
    });
    const first = await artist.post('/functions/v1/create-checkout', upgrade);
    const second = await artist.post('/functions/v1/create-checkout', upgrade);
    const { url, sessionId } = first.json<{ url: string; sessionId: string }>();
    expect(second.json<{ sessionId: string }>().sessionId).toBe(sessionId);
    const [session] = await t.db.query<{ metadata: Record<string, string> }>(
      'select metadata from local_checkout_sessions where id = $1',
      [sessionId],
    );
    expect(session?.metadata).toEqual({
      product_id: 'artist_subscription',
      user_id: artist.id,
      upgrade_type: 'track_limit_upgrade',
    });
    const cancelled = await t.app.inject({ method: 'GET', url: `${new URL(url).pathname}/cancel` });
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(`${origin}/profile?upgrade=cancelled`);
  });

  it('sends a checkout page address minted before the move (/checkout/local/...) to the page, posts included', async () => {
    const artist = await signUp(t.app, 'artist');
    const { sessionId } = (await artist.post('/functions/v1/create-checkout', start())).json<{
      sessionId: string;
    }>();
    const page = `/payments/local/checkout/${sessionId}`;
    for (const [method, from, to] of [
      ['GET', `/checkout/local/${sessionId}`, page],
      ['GET', `/checkout/local/${sessionId}/cancel`, `${page}/cancel`],
    ] as const) {
      const moved = await t.app.inject({ method, url: from });
      expect(moved.statusCode).toBe(308);
      expect(moved.headers.location).toBe(to);
    }
    // A card form submitted from a tab opened before: 308 keeps the method and the body.
    const posted = await payLocalCheckout(t, `/checkout/local/${sessionId}`, {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(posted.statusCode).toBe(308);
    expect(posted.headers.location).toBe(page);
    expect(
      await t.db.query('select 1 from local_subscriptions where account_id = $1', [artist.id]),
    ).toHaveLength(0);
    const paid = await payLocalCheckout(t, String(posted.headers.location), {
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(paid.statusCode).toBe(303);
    // Only a session id is ever redirected: nothing else under the old address leads anywhere.
    const other = await t.app.inject({ method: 'GET', url: '/checkout/local/..%2F..%2Fapi%2Fhealth' });
    expect(other.statusCode).not.toBe(308);
  });
});

describe('create-checkout on Stripe', () => {
  let t: TestApp;
  let stripe: FakeStripe;
  beforeAll(async () => {
    ({ t, stripe } = await createStripeTestApp({
      webhookSecret: 'whsec_test',
      priceId: 'price_pro_gbp',
      env: { PUBLIC_URL: origin },
    }));
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it("opens a Checkout Session for the configured price with the spec's metadata and Stripe's session template", async () => {
    const artist = await signUp(t.app, 'artist');
    const answer = await artist.post('/functions/v1/create-checkout', start());
    expect(answer.statusCode).toBe(200);
    expect(answer.json<{ url: string }>().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/cs_test_/);
    const sent = Object.fromEntries(stripe.checkoutRequests.at(-1) ?? []);
    expect(sent).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_pro_gbp',
      client_reference_id: artist.id,
      customer_email: artist.email,
      success_url: `${origin}/signup/artist?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin}/artist-subscription?checkout=cancelled`,
      'metadata[user_id]': artist.id,
      'metadata[product_id]': 'artist_subscription',
      'subscription_data[trial_period_days]': '30',
      'subscription_data[metadata][user_id]': artist.id,
    });
    // No local checkout page exists when Stripe is the provider, at either address.
    for (const page of ['/payments/local/checkout', '/checkout/local']) {
      const answer = await t.app.inject({ method: 'GET', url: `${page}/cs_local_000000000000000000000000` });
      expect(answer.statusCode).not.toBe(200);
      expect(answer.statusCode).not.toBe(308);
    }
  });

  it("answers 'Failed to create checkout session' when Stripe fails", async () => {
    const artist = await signUp(t.app, 'artist');
    stripe.failRequests(3);
    const answer = await artist.post('/functions/v1/create-checkout', start());
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({
      error: 'Failed to create checkout session',
      message: 'Failed to create checkout session',
      code: 'UNAVAILABLE',
    });
  });
});
