import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, DEMO_ACCOUNT, UPGRADE_MESSAGES } from '@klang/domain';
import { logIn, signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { checkoutLocally, checkoutUser } from '../../test/local-checkout';
import { runDueJobs } from '../../test/run-jobs';

const origin = 'http://localhost:3000';
const DAY_MS = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: origin });
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
const unique = () => `${String((counter += 1))}${Math.random().toString(36).slice(2, 7)}`;

const checkout = (client: Client, options: { pay?: boolean; success?: string } = {}) =>
  checkoutLocally(t, client, { origin, ...options });

function signupBody(sessionId: string | null) {
  const name = unique();
  return {
    username: `artist${name}`,
    artistName: `Artist ${name}`,
    bio: 'Late-night records',
    instagram: '',
    website: '',
    email: `artist${name}@example.com`,
    password: 'secret-pass',
    session_id: sessionId,
  };
}

async function profileOf(id: string) {
  const [row] = await t.db.query<{ subscription_tier: string; trial_end_date: Date | null }>(
    'select subscription_tier, trial_end_date from artist_profiles where id = $1',
    [id],
  );
  return row;
}

const daysAhead = (date: Date | string | null | undefined) =>
  (new Date(date ?? 0).getTime() - Date.now()) / DAY_MS;

describe('signup completion after checkout', () => {
  it('tells the screen whether this browser holds a temporary checkout user', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/api/payments/checkout/signup-state' });
    expect(visitor.json()).toEqual({ temporary_user_id: null });
    const temporary = await checkoutUser(t);
    expect((await temporary.get('/api/payments/checkout/signup-state')).json()).toEqual({
      temporary_user_id: temporary.id,
    });
    // To the rest of the app that browser is signed out: no profile-less ghost in the player.
    expect((await temporary.get('/api/accounts/session')).json()).toEqual({ session: null });
    const artist = await signUp(t.app, 'artist');
    expect((await artist.get('/api/payments/checkout/signup-state')).json()).toEqual({
      temporary_user_id: null,
    });
  });

  it('turns the paid temporary user into an artist on the 14-day trial, with the real email and password', async () => {
    const user = await checkoutUser(t);
    const sessionId = await checkout(user);
    const body = signupBody(sessionId);
    // Spec 001 §4 step 1: the real email replaces the throwaway one.
    expect(
      (await user.post('/functions/v1/update-user-email', { userId: user.id, newEmail: body.email }))
        .statusCode,
    ).toBe(200);
    const completed = await user.post('/api/payments/checkout/complete-signup', body);
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({
      user: { id: user.id, email: body.email },
      profile: { username: body.username, artistName: body.artistName, role: 'artist' },
      userType: 'artist',
      subscriptionTier: 'trial',
    });
    const profile = await profileOf(user.id);
    expect(profile?.subscription_tier).toBe('trial');
    expect(daysAhead(profile?.trial_end_date)).toBeGreaterThan(13.9);
    expect(daysAhead(profile?.trial_end_date)).toBeLessThanOrEqual(14);
    const [account] = await t.db.query<{ is_temporary: boolean }>(
      'select is_temporary from accounts where id = $1',
      [user.id],
    );
    expect(account?.is_temporary).toBe(false);
    expect(await t.db.query('select 1 from user_xp where user_id = $1', [user.id])).toHaveLength(1);

    // The password works from another browser; the welcome email is the screen's next call.
    const login = await logIn(t.app, body.email, body.password);
    expect(login.statusCode).toBe(200);
    const welcome = await user.post('/functions/v1/send-email', {
      emailType: 'welcome',
      to: body.email,
      data: { artistName: body.artistName, username: body.username },
    });
    expect(welcome.statusCode).toBe(200);

    // The provider's 30-day trial then arrives: the later end wins, whatever the order.
    await runDueJobs(t);
    const after = await profileOf(user.id);
    expect(after?.subscription_tier).toBe('trial');
    expect(daysAhead(after?.trial_end_date)).toBeGreaterThan(29.9);

    // Done once: the account is no longer temporary.
    const again = await user.post('/api/payments/checkout/complete-signup', signupBody(sessionId));
    expect(again.statusCode).toBe(403);
  });

  it('gives the same end state when the webhook lands before the signup', async () => {
    const user = await checkoutUser(t);
    const sessionId = await checkout(user);
    await runDueJobs(t);
    const completed = await user.post('/api/payments/checkout/complete-signup', signupBody(sessionId));
    expect(completed.statusCode).toBe(200);
    const profile = await profileOf(user.id);
    expect(profile?.subscription_tier).toBe('trial');
    expect(daysAhead(profile?.trial_end_date)).toBeGreaterThan(29.9);
  });

  it('gives the free tier when the checkout was never paid', async () => {
    const user = await checkoutUser(t);
    const sessionId = await checkout(user, { pay: false });
    const completed = await user.post('/api/payments/checkout/complete-signup', signupBody(sessionId));
    expect(completed.statusCode).toBe(200);
    expect(completed.json()).toMatchObject({ subscriptionTier: 'free' });
    expect(await profileOf(user.id)).toEqual({ subscription_tier: 'free', trial_end_date: null });
  });

  it("refuses another user's checkout, a real account, and a visitor without a session", async () => {
    const payer = await checkoutUser(t);
    const sessionId = await checkout(payer);
    const other = await checkoutUser(t);
    const stolen = await other.post('/api/payments/checkout/complete-signup', signupBody(sessionId));
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ error: { message: ACCOUNT_MESSAGES.notYourAccount } });
    expect(await profileOf(other.id)).toBeUndefined();

    const artist = await signUp(t.app, 'artist');
    expect((await artist.post('/api/payments/checkout/complete-signup', signupBody(null))).statusCode).toBe(
      403,
    );

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payments/checkout/complete-signup',
      payload: signupBody(sessionId),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("refuses a username or email someone else has, with the spec's field messages", async () => {
    const artist = await signUp(t.app, 'artist');
    const user = await checkoutUser(t);
    const sessionId = await checkout(user);
    const taken = await user.post('/api/payments/checkout/complete-signup', {
      ...signupBody(sessionId),
      username: artist.username,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: { fields: { username: ACCOUNT_MESSAGES.usernameTaken } } });
    const email = await user.post('/api/payments/checkout/complete-signup', {
      ...signupBody(sessionId),
      email: artist.email,
    });
    expect(email.json()).toMatchObject({
      error: { fields: { email: ACCOUNT_MESSAGES.emailAlreadyRegistered } },
    });
    // Still temporary, still able to finish.
    expect(
      (await user.post('/api/payments/checkout/complete-signup', signupBody(sessionId))).statusCode,
    ).toBe(200);
  });
});

describe('the Subscription tab', () => {
  async function subscribedArtist() {
    const artist = await signUp(t.app, 'artist');
    await checkout(artist, { success: `${origin}/profile?upgrade=success` });
    await runDueJobs(t);
    return artist;
  }

  it('shows plan, status and trial end; cancels at period end and resumes', async () => {
    const artist = await subscribedArtist();
    const state = await artist.get('/api/payments/subscription');
    expect(state.json()).toMatchObject({
      tier: 'trial',
      status: 'trialing',
      provider: 'local',
      cancelAtPeriodEnd: false,
      canManage: true,
    });
    expect(daysAhead(state.json<{ trialEnd: string }>().trialEnd)).toBeGreaterThan(29.9);

    const cancelled = await artist.post('/api/payments/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancelAtPeriodEnd: true, status: 'trialing', tier: 'trial' });
    const [row] = await t.db.query<{ cancel_at_period_end: boolean }>(
      'select cancel_at_period_end from payment_subscriptions where account_id = $1',
      [artist.id],
    );
    expect(row?.cancel_at_period_end).toBe(true);

    const resumed = await artist.post('/api/payments/subscription/resume');
    expect(resumed.json()).toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('opens the local billing page, which cancels for the signed-in artist only', async () => {
    const artist = await subscribedArtist();
    const portal = await artist.post('/api/payments/subscription/portal');
    expect(portal.statusCode).toBe(200);
    const url = new URL(portal.json<{ url: string }>().url);
    expect(url.pathname).toBe('/payments/local/billing');
    expect(url.searchParams.get('return_url')).toBe(`${origin}/profile`);

    const page = await artist.get(`${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Free trial');
    // Its form posts with its real Origin (no-referrer would make Chromium send Origin: null).
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.body).toContain('Cancel subscription');
    expect(page.body).toContain(`href="${origin}/profile"`);

    const cancel = await t.app.inject({
      method: 'POST',
      url: '/payments/local/billing',
      headers: { cookie: artist.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel&return_url=https%3A%2F%2Fevil.example%2F',
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.body).toContain('Resume subscription');
    // Never sends anyone elsewhere.
    expect(cancel.body).not.toContain('evil.example');
    expect((await artist.get('/api/payments/subscription')).json()).toMatchObject({
      cancelAtPeriodEnd: true,
    });

    const visitor = await t.app.inject({ method: 'GET', url: '/payments/local/billing' });
    expect(visitor.statusCode).toBe(303);
    expect(visitor.headers.location).toBe('/login');
  });

  it('sends the billing page address from before the move (/billing/local) to the page, query and posts kept', async () => {
    const artist = await subscribedArtist();
    const query = `?return_url=${encodeURIComponent(`${origin}/profile`)}`;
    const moved = await artist.get(`/billing/local${query}`);
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe(`/payments/local/billing${query}`);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/billing/local',
      headers: { cookie: artist.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(posted.statusCode).toBe(308);
    expect(posted.headers.location).toBe('/payments/local/billing');
    // The redirect itself changed nothing: the browser repeats the post at the new address.
    expect((await artist.get('/api/payments/subscription')).json()).toMatchObject({
      cancelAtPeriodEnd: false,
    });
  });

  it('refuses an artist with nothing to manage, and the demo account', async () => {
    const artist = await signUp(t.app, 'artist');
    expect((await artist.get('/api/payments/subscription')).json()).toMatchObject({
      tier: 'free',
      status: null,
      canManage: false,
    });
    const nothing = await artist.post('/api/payments/subscription/cancel');
    expect(nothing.statusCode).toBe(404);
    expect(nothing.json()).toMatchObject({ error: { message: UPGRADE_MESSAGES.noSubscription } });

    const demo = await signUp(t.app, 'artist', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      username: 'klangdemo',
    });
    for (const path of [
      '/api/payments/subscription/cancel',
      '/api/payments/subscription/resume',
      '/api/payments/subscription/portal',
    ]) {
      const refused = await demo.post(path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: { message: ACCOUNT_MESSAGES.demoSubscription } });
    }
  });

  it('debug-purchase re-reads the subscription from the provider', async () => {
    const artist = await subscribedArtist();
    // The provider moves on (the trial converted) without any event reaching Klang.
    await t.db.query(
      `update local_subscriptions set object = jsonb_set(object, '{status}', '"active"') where account_id = $1`,
      [artist.id],
    );
    const debug = await artist.post('/functions/v1/debug-purchase', { user_id: artist.id });
    expect(debug.statusCode).toBe(200);
    expect(debug.json()).toEqual({
      debug_info: {
        has_stripe_customer: true,
        stripe_subscription_active: true,
        has_revenuecat_subscriber: false,
        revenuecat_entitlements: [],
      },
    });
    expect((await profileOf(artist.id))?.subscription_tier).toBe('pro');
  });
});
