import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PRO_PLAN, paymentsEndpoints } from '@klang/domain';
import { nextAddress, signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { checkoutLocally } from '../../test/local-checkout';
import { runDueJobs } from '../../test/run-jobs';

const origin = 'http://localhost:3000';

/**
 * The guards of the payments routes, proved at their addresses since issue 22 (decision 0234):
 * other sites cannot post to any of them, and checkout creation is rate limited per address.
 */
describe('payments guards', () => {
  let t: TestApp;
  let artist: Client;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: origin });
    artist = await signUp(t.app, 'artist');
    // A subscribed artist: there is a plan to cancel, and a checkout session whose page exists.
    await checkoutLocally(t, artist, { origin });
    await runDueJobs(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const state = async () => {
    const [row] = await t.db.query<{ cancel_at_period_end: boolean }>(
      'select cancel_at_period_end from payment_subscriptions where account_id = $1',
      [artist.id],
    );
    return row;
  };

  it('refuses a post from another site to every payments entry and every local page, changing nothing', async () => {
    const before = await state();
    expect(before).toEqual({ cancel_at_period_end: false });
    const sessionId = (
      await t.db.query<{ id: string }>('select id from local_checkout_sessions where account_id = $1', [
        artist.id,
      ])
    )[0]?.id;
    const posts = [
      ...Object.values(paymentsEndpoints)
        .filter((entry) => entry.method === 'POST')
        .map((entry) => entry.path),
      `/payments/local/checkout/${String(sessionId)}`,
      '/payments/local/billing',
      `/checkout/local/${String(sessionId)}`,
      '/billing/local',
    ];
    expect(posts).toContain('/api/payments/subscription/cancel');
    for (const url of posts) {
      const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: {
          cookie: artist.cookie,
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: 'action=cancel',
        remoteAddress: nextAddress(),
      });
      expect(answer.statusCode, url).toBe(403);
      expect(answer.body, url).toContain(MESSAGES.accessDenied);
    }
    expect(await state()).toEqual(before);
  });

  it('answers 429 from checkout number 21 from one address, and from checkout user number 6', async () => {
    const address = nextAddress();
    const start = () =>
      t.app.inject({
        method: paymentsEndpoints.createCheckout.method,
        url: paymentsEndpoints.createCheckout.path,
        headers: { cookie: artist.cookie },
        payload: {
          price_id: PRO_PLAN.priceId,
          mode: PRO_PLAN.mode,
          success_url: `${origin}/profile?upgrade=success`,
          cancel_url: `${origin}/profile?upgrade=cancelled`,
        },
        remoteAddress: address,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await start()).statusCode);
    // The artist is subscribed: each start is refused (409), and still counted.
    expect(statuses).toEqual([...Array<number>(20).fill(409), 429]);

    const visitorAddress = nextAddress();
    const visitor = () =>
      t.app.inject({
        method: paymentsEndpoints.createCheckoutUser.method,
        url: paymentsEndpoints.createCheckoutUser.path,
        remoteAddress: visitorAddress,
      });
    const made: number[] = [];
    for (let i = 0; i < 6; i += 1) made.push((await visitor()).statusCode);
    expect(made).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
