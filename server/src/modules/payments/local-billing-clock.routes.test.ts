import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { EXPIRE_ENTITLEMENTS_JOB, LOCAL_BILLING_CLOCK_JOB } from './payments.jobs';
import { checkoutLocally, GOOD_CARD } from '../../test/local-checkout';
import { runDueJobs, runJobNow } from '../../test/run-jobs';

const origin = 'http://localhost:3000';
const DAY = 86_400;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin });
});
afterAll(async () => {
  await t.close();
});

type Stored = {
  trial_start: number | null;
  trial_end: number | null;
  created: number;
  start_date: number;
  items: { data: { current_period_start: number; current_period_end: number }[] };
};

/** Moves the artist's local subscription `seconds` into the past, as if that much time had gone by. */
async function timePasses(client: Client, seconds: number) {
  const [row] = await t.db.query<{ id: string; object: Stored }>(
    'select id, object from local_subscriptions where account_id = $1',
    [client.id],
  );
  if (!row) throw new Error('no local subscription');
  const back = (at: number | null) => (at === null ? null : at - seconds);
  const object: Stored = {
    ...row.object,
    trial_start: back(row.object.trial_start),
    trial_end: back(row.object.trial_end),
    created: row.object.created - seconds,
    start_date: row.object.start_date - seconds,
    items: {
      ...row.object.items,
      data: row.object.items.data.map((item) => ({
        ...item,
        current_period_start: item.current_period_start - seconds,
        current_period_end: item.current_period_end - seconds,
      })),
    },
  };
  await t.db.query('update local_subscriptions set object = $2::jsonb where id = $1', [
    row.id,
    JSON.stringify(object),
  ]);
}

/** Runs one periodic job now, then every job it caused (the events' processing, the emails). */
async function runJob(kind: string) {
  await runJobNow(t, kind);
  await runDueJobs(t);
}
const clockTicks = () => runJob(LOCAL_BILLING_CLOCK_JOB);

async function subscribed(card?: Record<string, string>) {
  const artist = await signUp(t.app, 'artist');
  await checkoutLocally(t, artist, {
    origin,
    success: `${origin}/profile?upgrade=success`,
    ...(card && { card }),
  });
  await runDueJobs(t);
  return artist;
}

const CHARGES_FAIL = { number: '4000 0000 0000 0341', expiry: '12/34', cvc: '123' };

/** Submits the local billing page's card form as the browser does. */
const billingForm = (artist: Client, card: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/payments/local/billing',
    headers: { cookie: artist.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ action: 'update_card', ...card }).toString(),
  });

const stateOf = async (client: Client) =>
  (await client.get('/api/payments/subscription')).json<{
    tier: string;
    status: string;
    currentPeriodEnd: string;
  }>();
const mailsTo = async (email: string, template: string) =>
  t.db.query('select 1 from email_outbox where to_address = $1 and template = $2', [email, template]);
const daysAhead = (iso: string) => (new Date(iso).getTime() - Date.now()) / (DAY * 1000);

describe('the local billing clock', () => {
  it('warns before the trial ends, once, then charges and keeps the artist on Pro', async () => {
    const artist = await subscribed();
    expect(await stateOf(artist)).toMatchObject({ tier: 'trial', status: 'trialing' });

    await timePasses(artist, 28 * DAY);
    await clockTicks();
    await clockTicks();
    expect(await mailsTo(artist.email, 'trial-will-end')).toHaveLength(1);
    expect(await stateOf(artist)).toMatchObject({ tier: 'trial', status: 'trialing' });

    await timePasses(artist, 3 * DAY);
    await clockTicks();
    const renewed = await stateOf(artist);
    expect(renewed).toMatchObject({ tier: 'pro', status: 'active' });
    expect(daysAhead(renewed.currentPeriodEnd)).toBeGreaterThan(28.9);

    // The daily entitlement check finds nothing to take away.
    await runJob(EXPIRE_ENTITLEMENTS_JOB);
    expect(await stateOf(artist)).toMatchObject({ tier: 'pro', status: 'active' });
    const paidInvoices = await t.db.query(
      `select 1 from payment_events where type = 'invoice.paid'
         and payload->'object'->'parent'->'subscription_details'->'metadata'->>'user_id' = $1`,
      [artist.id],
    );
    expect(paidInvoices).toHaveLength(2);
  });

  it('ends a subscription cancelled in Settings when its period ends, back to free', async () => {
    const artist = await subscribed();
    expect((await artist.post('/api/payments/subscription/cancel')).statusCode).toBe(200);
    await timePasses(artist, 27 * DAY);
    await clockTicks();
    expect(await mailsTo(artist.email, 'trial-will-end')).toHaveLength(0);

    await timePasses(artist, 4 * DAY);
    await clockTicks();
    expect(await stateOf(artist)).toMatchObject({ tier: 'free', status: 'canceled' });
    const [profile] = await t.db.query<{ subscription_tier: string }>(
      'select subscription_tier from artist_profiles where id = $1',
      [artist.id],
    );
    expect(profile?.subscription_tier).toBe('free');
  });

  it('marks a renewal the card refuses as past due with an email, then ends it two weeks later', async () => {
    const artist = await subscribed(CHARGES_FAIL);
    expect(await stateOf(artist)).toMatchObject({ tier: 'trial', status: 'trialing' });

    await timePasses(artist, 31 * DAY);
    await clockTicks();
    expect(await stateOf(artist)).toMatchObject({ tier: 'free', status: 'past_due' });
    expect(await mailsTo(artist.email, 'payment-failed')).toHaveLength(1);

    await timePasses(artist, 14 * DAY);
    await clockTicks();
    expect(await stateOf(artist)).toMatchObject({ tier: 'free', status: 'canceled' });
  });

  it('takes the overdue payment from a new card on the billing page, and the renewals after it', async () => {
    const artist = await subscribed(CHARGES_FAIL);
    await timePasses(artist, 31 * DAY);
    await clockTicks();
    const page = await artist.get('/payments/local/billing');
    expect(page.body).toContain('Your last payment failed');
    expect(page.body).toContain('Pay £10.99');

    const refused = await billingForm(artist, CHARGES_FAIL);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Your card was declined.');
    expect(await stateOf(artist)).toMatchObject({ tier: 'free', status: 'past_due' });
    const malformed = await billingForm(artist, { ...GOOD_CARD, number: '1234' });
    expect(malformed.body).toContain('Your card number is invalid.');

    const paid = await billingForm(artist, GOOD_CARD);
    expect(paid.statusCode).toBe(200);
    expect(paid.body).toContain('the overdue payment is made');
    expect(await stateOf(artist)).toMatchObject({ tier: 'pro', status: 'active' });
    await clockTicks();
    expect(await stateOf(artist)).toMatchObject({ tier: 'pro', status: 'active' });

    // The next renewal is charged to the new card.
    await timePasses(artist, 30 * DAY);
    await clockTicks();
    expect(await stateOf(artist)).toMatchObject({ tier: 'pro', status: 'active' });
    expect(await mailsTo(artist.email, 'payment-failed')).toHaveLength(1);
  });

  it('changes the card of a healthy subscription without a charge', async () => {
    const artist = await subscribed();
    const changed = await billingForm(artist, { ...GOOD_CARD, number: '5555 5555 5555 4444' });
    expect(changed.body).toContain('Your card is updated.');
    const [row] = await t.db.query<{ last4: string; charges_fail: boolean }>(
      `select object->'default_payment_method'->'card'->>'last4' as last4, charges_fail
       from local_subscriptions where account_id = $1`,
      [artist.id],
    );
    expect(row).toEqual({ last4: '4444', charges_fail: false });
    expect(await stateOf(artist)).toMatchObject({ tier: 'trial', status: 'trialing' });
  });
});
