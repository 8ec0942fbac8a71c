import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_GUARD_MESSAGES } from '@klang/domain';
import { nextAddress, signUp, type ApiBody, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { checkoutUser } from '../../test/local-checkout';
import { VERIFICATION_LIMITS } from './email-verification.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The tokens of every verification link mailed to `email`, oldest first. */
async function linksTo(email: string): Promise<string[]> {
  const mails = await t.db.query<{ text_body: string }>(
    `select text_body from email_outbox where to_address = $1 and template = 'verify-email' order by created_at`,
    [email],
  );
  return mails.map((mail) => /\/verify-email#token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1] ?? '');
}

function confirm(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/email-verification/confirm',
    payload: { token },
    remoteAddress: nextAddress(),
  });
}

async function isVerified(client: Client): Promise<boolean> {
  const answer = await client.get('/api/accounts/session');
  return answer.json<{ session: { emailVerified: boolean } }>().session.emailVerified;
}

describe('email verification', () => {
  it.each(['listener', 'artist'] as const)(
    'mails a new %s a one-use link that verifies the address',
    async (kind) => {
      const user = await signUp(t.app, kind);
      expect(await isVerified(user)).toBe(false);
      const [token = ''] = await linksTo(user.email);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // Only the token's hash is kept: the link cannot be rebuilt from the database.
      const stored = await t.db.query('select 1 from email_verification_tokens where token_hash = $1', [
        token,
      ]);
      expect(stored).toHaveLength(0);

      expect((await confirm(token)).statusCode).toBe(200);
      expect(await isVerified(user)).toBe(true);
      const again = await confirm(token);
      expect(again.statusCode).toBe(400);
      expect(again.json<ApiBody>().error.message).toBe(ACCOUNT_GUARD_MESSAGES.verifyLinkInvalid);
    },
  );

  it('refuses an expired link and a made-up one, and verifies nothing', async () => {
    const user = await signUp(t.app);
    const [token = ''] = await linksTo(user.email);
    await t.db.query(
      `update email_verification_tokens set expires_at = now() - interval '1 second' where account_id = $1`,
      [user.id],
    );
    expect((await confirm(token)).statusCode).toBe(400);
    expect((await confirm('A'.repeat(43))).statusCode).toBe(400);
    expect(await isVerified(user)).toBe(false);
  });

  it('verifies only the account a link was sent to, whoever opens it', async () => {
    const [owner, other] = [await signUp(t.app), await signUp(t.app)];
    const [token = ''] = await linksTo(owner.email);
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/email-verification/confirm',
      payload: { token },
      headers: { cookie: other.cookie },
      remoteAddress: nextAddress(),
    });
    expect(opened.statusCode).toBe(200);
    expect(await isVerified(other)).toBe(false);
    expect(await isVerified(owner)).toBe(true);
  });

  it('mails a checkout signup its link, to the address it completed with', async () => {
    const user = await checkoutUser(t);
    const email = `checkout-${Date.now()}@example.com`;
    const completed = await user.post('/api/payments/checkout/complete-signup', {
      username: `checkout${Date.now()}`,
      artistName: 'Checkout Artist',
      bio: 'Records',
      instagram: '',
      website: '',
      email,
      password: 'secret-pass',
      session_id: null,
    });
    expect(completed.statusCode).toBe(200);
    expect(completed.json<{ emailVerified: boolean }>().emailVerified).toBe(false);
    const [token = ''] = await linksTo(email);
    expect((await confirm(token)).statusCode).toBe(200);
    expect(await isVerified(user)).toBe(true);
  });

  it(`sends the link again on request, ${VERIFICATION_LIMITS.resendPerAccount.max} times an hour, to the signed-in account only`, async () => {
    const user = await signUp(t.app);
    const resend = (client: Client) => client.post('/api/accounts/email-verification/resend');
    for (let i = 1; i <= VERIFICATION_LIMITS.resendPerAccount.max; i += 1) {
      expect((await resend(user)).statusCode).toBe(200);
    }
    expect((await resend(user)).statusCode).toBe(429);
    const links = await linksTo(user.email);
    expect(links).toHaveLength(1 + VERIFICATION_LIMITS.resendPerAccount.max);
    // Every link is its own: the newest works, and so does an older one still unused.
    expect(new Set(links).size).toBe(links.length);
    expect((await confirm(links.at(-1) ?? '')).statusCode).toBe(200);

    // Nobody signed in: nothing to send. Verified already: nothing is sent.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/email-verification/resend',
      remoteAddress: nextAddress(),
    });
    expect(anonymous.statusCode).toBe(401);
    const verified = await signUp(t.app);
    await confirm((await linksTo(verified.email))[0] ?? '');
    expect((await resend(verified)).statusCode).toBe(200);
    expect(await linksTo(verified.email)).toHaveLength(1);
  });
});
