import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../jobs/runner';
import { signPayload } from '../../providers/payments/payment-provider';
import { signUp } from '../../test/accounts-helpers';
import type { TestApp } from '../../test/app';
import {
  createStripeTestApp,
  postToStripeWebhook,
  stripeEventJson,
  type FakeStripe,
} from '../../test/stripe-app';
import { runDueJobs } from '../../test/run-jobs';

const WEBHOOK_SECRET = 'whsec_route_test';
let t: TestApp;
let stripe: FakeStripe;
let eventCounter = 0;

beforeAll(async () => {
  ({ t, stripe } = await createStripeTestApp({ webhookSecret: WEBHOOK_SECRET }));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});
beforeEach(() => {
  stripe.subscriptions.clear();
});

const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);

const event = (
  type: string,
  object: Record<string, unknown>,
  id = `evt_test_${String((eventCounter += 1))}`,
) => stripeEventJson(type, object, id);

/** Posts an event as Stripe does; `null` sends no signature header at all. */
const deliver = (payload: string, signature: string | null = signPayload(payload, WEBHOOK_SECRET)) =>
  postToStripeWebhook(t, payload, signature);

const runJobs = () => runDueJobs(t);

async function stateOf(accountId: string) {
  const [payment] = await t.db.query<{
    subscription_id: string | null;
    subscription_status: string;
    current_period_end: Date | null;
    trial_end: Date | null;
    cancel_at_period_end: boolean;
    checkout_session_id: string | null;
    customer_id: string | null;
  }>('select * from payment_subscriptions where account_id = $1', [accountId]);
  const [profile] = await t.db.query<{ subscription_tier: string; trial_end_date: Date | null }>(
    'select subscription_tier, trial_end_date from artist_profiles where id = $1',
    [accountId],
  );
  return { payment, profile };
}

/** An artist with a subscription at the fake Stripe, in the given status. */
async function artistWithSubscription(status: string) {
  const artist = await signUp(t.app, 'artist');
  const id = `sub_${artist.id.slice(0, 8)}_${String((eventCounter += 1))}`;
  const subscription = {
    id,
    customer: `cus_${artist.id.slice(0, 8)}`,
    status,
    trial_end: now() + 30 * DAY,
    cancel_at_period_end: false,
    metadata: { user_id: artist.id, product_id: 'artist_subscription' },
    current_period_end: now() + 30 * DAY,
  };
  stripe.subscriptions.set(id, subscription);
  return { artist, subscription };
}

const subscriptionObject = (
  s: { id: string; customer: string; metadata: Record<string, string> },
  status: string,
) => ({
  id: s.id,
  object: 'subscription',
  customer: s.customer,
  status,
  metadata: s.metadata,
  cancel_at_period_end: false,
  trial_end: null,
  items: { object: 'list', data: [] },
});

describe('POST /functions/v1/stripe-webhook', () => {
  it('refuses a missing, foreign, stale or tampered signature and records nothing', async () => {
    const payload = event('invoice.paid', { id: 'in_1' }, 'evt_refused');
    const stale = signPayload(payload, WEBHOOK_SECRET, now() - 600);
    const answers = [
      await deliver(payload, null),
      await deliver(payload, signPayload(payload, 'whsec_someone_else')),
      await deliver(payload, stale),
      await deliver(payload.replace('in_1', 'in_2'), signPayload(payload, WEBHOOK_SECRET)),
      await deliver(payload, 't=123,v1=deadbeef'),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({
        error: 'Webhook signature verification failed',
        message: 'Webhook signature verification failed',
        code: 'VALIDATION_FAILED',
      });
    }
    expect(await t.db.query("select 1 from payment_events where id = 'evt_refused'")).toHaveLength(0);
  });

  it('verifies the exact bytes: the same event re-serialised, or sent as another type, is refused', async () => {
    const payload = event('invoice.paid', { id: 'in_bytes' }, 'evt_reserialised');
    const signature = signPayload(payload, WEBHOOK_SECRET);
    // The same JSON value, spaced differently: a server that parsed and re-serialised the body
    // would accept it.
    const respaced = JSON.stringify(JSON.parse(payload) as unknown, null, 2);
    expect(respaced).not.toBe(payload);
    const refused = await deliver(respaced, signature);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'Webhook signature verification failed' });
    // The entry takes application/json bytes only; any other type is refused before parsing.
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/functions/v1/stripe-webhook',
        headers: { 'content-type': type, 'stripe-signature': signature },
        payload,
      });
      expect(answer.statusCode).toBe(415);
    }
    expect(await t.db.query("select 1 from payment_events where id = 'evt_reserialised'")).toHaveLength(0);
    // The very bytes that were signed, with a charset, are taken.
    const taken = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/stripe-webhook',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      payload,
    });
    expect(taken.json()).toEqual({ received: true, duplicate: false });
  });

  it('records an event once: a redelivery is acknowledged as a duplicate and queues nothing', async () => {
    const payload = event('invoice.paid', { id: 'in_dup' }, 'evt_duplicate');
    const first = await deliver(payload);
    const second = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(second.json()).toEqual({ received: true, duplicate: true });
    const jobs = await t.db.query(
      "select 1 from jobs where kind = 'payments.apply-event' and payload->>'eventId' = 'evt_duplicate'",
    );
    expect(jobs).toHaveLength(1);
  });

  it('links a completed checkout and takes the subscription as Stripe holds it: trialing is the trial', async () => {
    const { artist, subscription } = await artistWithSubscription('trialing');
    const completed = event('checkout.session.completed', {
      id: 'cs_test_done',
      object: 'checkout.session',
      client_reference_id: artist.id,
      customer: subscription.customer,
      subscription: subscription.id,
      metadata: { user_id: artist.id, product_id: 'artist_subscription' },
    });
    expect((await deliver(completed)).statusCode).toBe(200);
    // The answer comes before the work: nothing has changed yet.
    expect((await stateOf(artist.id)).payment).toBeUndefined();
    await runJobs();
    const { payment, profile } = await stateOf(artist.id);
    expect(payment).toMatchObject({
      subscription_id: subscription.id,
      customer_id: subscription.customer,
      checkout_session_id: 'cs_test_done',
      subscription_status: 'trialing',
      cancel_at_period_end: false,
    });
    expect(new Date(payment?.current_period_end ?? 0).getTime()).toBe(subscription.current_period_end * 1000);
    expect(profile?.subscription_tier).toBe('trial');
    expect(new Date(profile?.trial_end_date ?? 0).getTime()).toBe(subscription.trial_end * 1000);
    const [processed] = await t.db.query<{ processed_at: Date | null }>(
      'select processed_at from payment_events where id = $1',
      [(JSON.parse(completed) as { id: string }).id],
    );
    expect(processed?.processed_at).not.toBeNull();
  });

  it('moves the tier with each change: active is pro, past due after a failed invoice is free, paid again is pro', async () => {
    const { artist, subscription } = await artistWithSubscription('active');
    const invoice = (type: string) =>
      event(type, {
        id: `in_${type}`,
        object: 'invoice',
        customer: subscription.customer,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
        },
      });
    await deliver(event('customer.subscription.created', subscriptionObject(subscription, 'active')));
    await runJobs();
    expect((await stateOf(artist.id)).profile?.subscription_tier).toBe('pro');

    subscription.status = 'past_due';
    await deliver(invoice('invoice.payment_failed'));
    await runJobs();
    expect(await stateOf(artist.id)).toMatchObject({
      payment: { subscription_status: 'past_due' },
      profile: { subscription_tier: 'free' },
    });

    subscription.status = 'active';
    await deliver(invoice('invoice.paid'));
    await runJobs();
    expect(await stateOf(artist.id)).toMatchObject({
      payment: { subscription_status: 'active' },
      profile: { subscription_tier: 'pro' },
    });

    subscription.cancel_at_period_end = true;
    await deliver(event('customer.subscription.updated', subscriptionObject(subscription, 'active')));
    await deliver(event('customer.subscription.trial_will_end', subscriptionObject(subscription, 'active')));
    await runJobs();
    expect((await stateOf(artist.id)).payment).toMatchObject({
      cancel_at_period_end: true,
      subscription_status: 'active',
    });
  });

  it('ends in the same single state whatever the order and however often events arrive', async () => {
    const { artist, subscription } = await artistWithSubscription('canceled');
    // At Stripe it was created, then cancelled; the events arrive newest first, then again.
    const created = event('customer.subscription.created', subscriptionObject(subscription, 'trialing'));
    const updated = event('customer.subscription.updated', subscriptionObject(subscription, 'active'));
    const deleted = event('customer.subscription.deleted', subscriptionObject(subscription, 'canceled'));
    for (const payload of [deleted, updated, created, created, deleted]) await deliver(payload);
    await runJobs();
    await deliver(updated);
    await runJobs();
    const rows = await t.db.query(
      'select subscription_status from payment_subscriptions where account_id = $1',
      [artist.id],
    );
    expect(rows).toEqual([{ subscription_status: 'canceled' }]);
    expect((await stateOf(artist.id)).profile?.subscription_tier).toBe('free');
    // Nothing of the artist was removed with the access.
    expect(await t.db.query('select 1 from artist_profiles where id = $1', [artist.id])).toHaveLength(1);
  });

  it('does not let an old subscription ending late replace the live one', async () => {
    const { artist, subscription: live } = await artistWithSubscription('active');
    const old = { ...live, id: `${live.id}_old`, status: 'canceled' };
    stripe.subscriptions.set(old.id, old);
    await deliver(event('customer.subscription.created', subscriptionObject(live, 'active')));
    await runJobs();
    await deliver(event('customer.subscription.deleted', subscriptionObject(old, 'canceled')));
    await runJobs();
    expect(await stateOf(artist.id)).toMatchObject({
      payment: { subscription_id: live.id, subscription_status: 'active' },
      profile: { subscription_tier: 'pro' },
    });
  });

  it('takes a deleted subscription Stripe no longer returns from the event, as ended', async () => {
    const { artist, subscription } = await artistWithSubscription('active');
    await deliver(event('customer.subscription.created', subscriptionObject(subscription, 'active')));
    await runJobs();
    stripe.subscriptions.delete(subscription.id);
    await deliver(event('customer.subscription.deleted', subscriptionObject(subscription, 'active')));
    await runJobs();
    expect(await stateOf(artist.id)).toMatchObject({
      payment: { subscription_status: 'canceled' },
      profile: { subscription_tier: 'free' },
    });
  });

  it('retries when Stripe is down, and applies the event once it answers', async () => {
    const { artist, subscription } = await artistWithSubscription('active');
    await deliver(event('customer.subscription.created', subscriptionObject(subscription, 'active')));
    stripe.failRequests(3); // stripe-node retries twice itself: the job's first attempt fails
    const runner = createJobRunner({ db: t.db, log: t.app.log, kinds: t.app.jobKinds });
    await runner.runOnce();
    expect((await stateOf(artist.id)).payment).toBeUndefined();
    await t.db.query(
      "update jobs set run_at = now() where kind = 'payments.apply-event' and status = 'queued'",
    );
    await runJobs();
    expect((await stateOf(artist.id)).profile?.subscription_tier).toBe('pro');
  });

  it('records an event for nobody it knows, or of a type it does not handle, without changing anything', async () => {
    await deliver(
      event(
        'customer.subscription.updated',
        {
          id: 'sub_unknown',
          object: 'subscription',
          customer: 'cus_x',
          status: 'active',
          metadata: {},
          cancel_at_period_end: false,
          trial_end: null,
          items: { object: 'list', data: [] },
        },
        'evt_nobody',
      ),
    );
    await deliver(event('charge.refunded', { id: 'ch_1' }, 'evt_other_type'));
    await runJobs();
    const rows = await t.db.query<{ id: string; processed_at: Date | null }>(
      "select id, processed_at from payment_events where id in ('evt_nobody', 'evt_other_type')",
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.processed_at).not.toBeNull();
    expect(
      await t.db.query("select 1 from payment_subscriptions where subscription_id = 'sub_unknown'"),
    ).toHaveLength(0);
  });
});
