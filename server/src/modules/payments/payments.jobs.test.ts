import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../providers/payments/payment-provider';
import { nextAddress, signUp } from '../../test/accounts-helpers';
import type { TestApp } from '../../test/app';
import {
  createStripeTestApp,
  postToStripeWebhook,
  stripeEventJson,
  type FakeStripe,
} from '../../test/stripe-app';
import { runDueJobs } from '../../test/run-jobs';
import {
  EXPIRE_ENTITLEMENTS_JOB,
  SWEEP_CHECKOUT_USERS_JOB,
  requestPaymentsMaintenance,
} from './payments.jobs';

const WEBHOOK_SECRET = 'whsec_maintenance_test';
const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);
let t: TestApp;
let stripe: FakeStripe;
let counter = 0;

beforeAll(async () => {
  ({ t, stripe } = await createStripeTestApp({ webhookSecret: WEBHOOK_SECRET }));
});
afterAll(async () => {
  await t.close();
  await stripe.close();
});

async function tierOf(id: string) {
  const [row] = await t.db.query<{ subscription_tier: string }>(
    'select subscription_tier from artist_profiles where id = $1',
    [id],
  );
  return row?.subscription_tier;
}

async function setTier(id: string, tier: string, trialEndDaysAhead: number | null) {
  await t.db.query(
    `update artist_profiles set subscription_tier = $2,
       signup_trial_end = case when $3::int is null then null else now() + $3::int * interval '1 day' end,
       trial_end_date = case when $3::int is null then null else now() + $3::int * interval '1 day' end
     where id = $1`,
    [id, tier, trialEndDaysAhead],
  );
}

async function withPayment(id: string, status: string, periodEndDaysAhead: number) {
  counter += 1;
  await t.db.query(
    `insert into payment_subscriptions (account_id, provider, customer_id, subscription_id, subscription_status, current_period_end)
     values ($1, 'stripe', $2, $3, $4, now() + $5::int * interval '1 day')`,
    [id, `cus_m${String(counter)}`, `sub_m${String(counter)}`, status, periodEndDaysAhead],
  );
  return `sub_m${String(counter)}`;
}

async function runDaily() {
  await t.db.query(`delete from jobs where kind in ($1, $2)`, [
    EXPIRE_ENTITLEMENTS_JOB,
    SWEEP_CHECKOUT_USERS_JOB,
  ]);
  await requestPaymentsMaintenance(t.db, new Date());
  // Asking twice the same day queues nothing more.
  await requestPaymentsMaintenance(t.db, new Date());
  const queued = await t.db.query(`select 1 from jobs where kind in ($1, $2) and status = 'queued'`, [
    EXPIRE_ENTITLEMENTS_JOB,
    SWEEP_CHECKOUT_USERS_JOB,
  ]);
  expect(queued).toHaveLength(2);
  await runDueJobs(t);
}

describe('the daily entitlement check', () => {
  it('moves ended trials and lapsed subscriptions to free, deleting nothing; leaves live access alone', async () => {
    const endedTrial = await signUp(t.app, 'artist');
    await setTier(endedTrial.id, 'trial', -1);
    const runningTrial = await signUp(t.app, 'artist');
    await setTier(runningTrial.id, 'trial', 3);
    const cancelled = await signUp(t.app, 'artist');
    await setTier(cancelled.id, 'pro', null);
    await withPayment(cancelled.id, 'canceled', -2);
    const paying = await signUp(t.app, 'artist');
    await setTier(paying.id, 'pro', null);
    await withPayment(paying.id, 'active', 20);
    // Pro with no payment at all (granted, as the seeded accounts are): not the job's to take.
    const granted = await signUp(t.app, 'artist');
    await setTier(granted.id, 'pro', null);
    // The provider renewed, but the event never arrived: the job asks before judging.
    const renewed = await signUp(t.app, 'artist');
    await setTier(renewed.id, 'pro', null);
    const renewedSub = await withPayment(renewed.id, 'active', -5);
    stripe.subscriptions.set(renewedSub, {
      id: renewedSub,
      customer: 'cus_renewed',
      status: 'active',
      trial_end: null,
      cancel_at_period_end: false,
      metadata: { user_id: renewed.id },
      current_period_end: now() + 25 * DAY,
    });
    // Its period lapsed long ago and the provider does not know it any more.
    const lapsed = await signUp(t.app, 'artist');
    await setTier(lapsed.id, 'pro', null);
    await withPayment(lapsed.id, 'active', -10);

    // Tracks and features stay whatever the tier: one featured track of a trial that ends.
    await t.db.query(
      `insert into tracks (title, artist_id, genre, featured_in_player)
       values ('Kept', $1, 'House / Tech House', true)`,
      [endedTrial.id],
    );

    await runDaily();

    expect(await tierOf(endedTrial.id)).toBe('free');
    expect(await tierOf(runningTrial.id)).toBe('trial');
    expect(await tierOf(cancelled.id)).toBe('free');
    expect(await tierOf(paying.id)).toBe('pro');
    expect(await tierOf(granted.id)).toBe('pro');
    expect(await tierOf(renewed.id)).toBe('pro');
    expect(await tierOf(lapsed.id)).toBe('free');
    const tracks = await t.db.query<{ featured_in_player: boolean }>(
      'select featured_in_player from tracks where artist_id = $1',
      [endedTrial.id],
    );
    expect(tracks).toEqual([{ featured_in_player: true }]);
  });
});

describe('the daily sweep of checkout users', () => {
  it('removes temporary checkout users older than a day that never subscribed, and nothing else', async () => {
    const make = async () => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/functions/v1/create-checkout-user',
        remoteAddress: nextAddress(),
      });
      return answer.json<{ user_id: string }>().user_id;
    };
    const abandoned = await make();
    const recent = await make();
    const subscribed = await make();
    const artist = await signUp(t.app, 'artist');
    await t.db.query(
      `update accounts set created_at = now() - interval '2 days' where id = any($1::uuid[])`,
      [[abandoned, subscribed, artist.id]],
    );
    await withPayment(subscribed, 'trialing', 30);

    await runDaily();

    const left = await t.db.query<{ id: string }>('select id from accounts where id = any($1::uuid[])', [
      [abandoned, recent, subscribed, artist.id],
    ]);
    expect(left.map((row) => row.id).sort()).toEqual([recent, subscribed, artist.id].sort());
  });
});

describe('billing emails', () => {
  function deliver(type: string, object: Record<string, unknown>) {
    counter += 1;
    const payload = stripeEventJson(type, object, `evt_mail_${String(counter)}`);
    return postToStripeWebhook(t, payload, signPayload(payload, WEBHOOK_SECRET));
  }

  it('writes to the artist when the trial is about to end and when a payment fails, once per event', async () => {
    const artist = await signUp(t.app, 'artist');
    const id = `sub_mail_${artist.id.slice(0, 8)}`;
    const trialEnd = now() + 3 * DAY;
    const atStripe = {
      id,
      customer: 'cus_mail',
      status: 'trialing',
      trial_end: trialEnd,
      cancel_at_period_end: false,
      metadata: { user_id: artist.id },
      current_period_end: trialEnd,
    };
    stripe.subscriptions.set(id, atStripe);
    const subscription = {
      id,
      object: 'subscription',
      customer: 'cus_mail',
      status: 'trialing',
      metadata: { user_id: artist.id },
    };
    const first = await deliver('customer.subscription.trial_will_end', subscription);
    expect(first.statusCode).toBe(200);
    await runDueJobs(t);
    const [trialMail] = await t.db.query<{ subject: string; text_body: string }>(
      `select subject, text_body from email_outbox where to_address = $1 and template = 'trial-will-end'`,
      [artist.email],
    );
    const ends = new Date(trialEnd * 1000).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    expect(trialMail?.subject).toBe(`Your Artist Pro trial ends on ${ends}`);
    expect(trialMail?.text_body).toContain('£10.99 a month');

    stripe.subscriptions.set(id, { ...atStripe, status: 'past_due' });
    const invoice = {
      id: 'in_failed',
      object: 'invoice',
      customer: 'cus_mail',
      parent: { subscription_details: { subscription: id, metadata: { user_id: artist.id } } },
    };
    await deliver('invoice.payment_failed', invoice);
    await runDueJobs(t);
    const failed = await t.db.query<{ subject: string }>(
      `select subject from email_outbox where to_address = $1 and template = 'payment-failed'`,
      [artist.email],
    );
    expect(failed).toEqual([{ subject: 'Your Artist Pro payment failed' }]);
    expect(await tierOf(artist.id)).toBe('free');
  });
});
