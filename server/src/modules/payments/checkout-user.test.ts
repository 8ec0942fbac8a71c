import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRO_PLAN } from '@klang/domain';
import { clientFor, cookieOf, nextAddress, signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { runDueJobs } from '../../test/run-jobs';

const origin = 'http://localhost:3000';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin });
});
afterAll(async () => {
  await t.close();
});

async function checkoutUser() {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/functions/v1/create-checkout-user',
    remoteAddress: nextAddress(),
  });
  expect(answer.statusCode).toBe(200);
  const body = answer.json<{ user_id: string; is_temporary: boolean }>();
  return { body, client: clientFor(t.app, cookieOf(answer), body.user_id) };
}

describe('the temporary checkout user', () => {
  it('is made for an anonymous visitor, with a throwaway address and no password, and signed in', async () => {
    const { body, client } = await checkoutUser();
    expect(body.is_temporary).toBe(true);
    const [account] = await t.db.query<{
      email: string;
      password_hash: string | null;
      is_temporary: boolean;
      created_for_checkout: boolean;
    }>('select email, password_hash, is_temporary, created_for_checkout from accounts where id = $1', [
      body.user_id,
    ]);
    expect(account).toMatchObject({ password_hash: null, is_temporary: true, created_for_checkout: true });
    expect(account?.email).toMatch(/^checkout-[0-9a-f]{24}@checkout\.klang\.invalid$/);

    // It checks out as itself; the payment page does not show the throwaway address.
    const started = await client.post('/functions/v1/create-checkout', {
      price_id: PRO_PLAN.priceId,
      success_url: `${origin}/signup/artist?checkout=success`,
      cancel_url: `${origin}/artist-subscription?checkout=cancelled`,
      mode: 'subscription',
      metadata: { product_id: PRO_PLAN.productId, user_id: body.user_id },
    });
    expect(started.statusCode).toBe(200);
    const [session] = await t.db.query<{ customer_email: string | null }>(
      'select customer_email from local_checkout_sessions where account_id = $1',
      [body.user_id],
    );
    expect(session?.customer_email).toBeNull();
  });

  it('is not made for someone signed in: they check out as themselves', async () => {
    const artist = await signUp(t.app, 'artist');
    const answer = await artist.post('/functions/v1/create-checkout-user');
    expect(answer.json()).toEqual({ user_id: artist.id, is_temporary: false });
  });

  it('gets its real email through update-user-email, only from its own browser', async () => {
    const { body, client } = await checkoutUser();
    const other = await checkoutUser();
    const realEmail = `real-${body.user_id.slice(0, 8)}@example.com`;

    const foreign = await other.client.post('/functions/v1/update-user-email', {
      userId: body.user_id,
      newEmail: realEmail,
    });
    expect(foreign.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/update-user-email',
      payload: { userId: body.user_id, newEmail: realEmail },
    });
    expect(anonymous.statusCode).toBe(401);

    const own = await client.post('/functions/v1/update-user-email', {
      userId: body.user_id,
      newEmail: realEmail,
    });
    expect(own.statusCode).toBe(200);
    const [account] = await t.db.query<{ email: string }>('select email from accounts where id = $1', [
      body.user_id,
    ]);
    expect(account?.email).toBe(realEmail);

    // A real account is never renamed through this call.
    const artist = await signUp(t.app, 'artist');
    const refused = await artist.post('/functions/v1/update-user-email', {
      userId: artist.id,
      newEmail: `new-${artist.email}`,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('is removed after a day when abandoned, but kept when a subscription was opened for it', async () => {
    const abandoned = await checkoutUser();
    const paying = await checkoutUser();
    await t.db.query(
      `insert into payment_subscriptions (account_id, provider, subscription_id, subscription_status)
       values ($1, 'local', 'sub_local_kept', 'trialing')`,
      [paying.body.user_id],
    );
    await runDueJobs(t);
    // Not yet: the day has not passed.
    expect(await t.db.query('select 1 from accounts where id = $1', [abandoned.body.user_id])).toHaveLength(
      1,
    );
    await t.db.query(
      `update jobs set run_at = now() where kind = 'payments.discard-checkout-user' and status = 'queued'`,
    );
    await runDueJobs(t);
    expect(await t.db.query('select 1 from accounts where id = $1', [abandoned.body.user_id])).toHaveLength(
      0,
    );
    expect(await t.db.query('select 1 from accounts where id = $1', [paying.body.user_id])).toHaveLength(1);
  });
});
