import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES as M,
  DEMO_ACCOUNT,
  PASSWORD_CHANGE_MESSAGES,
  accountsEndpoints,
  type Endpoint,
} from '@klang/domain';
import { cookieOf, logIn, nextAddress, signUp, type ApiBody } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { solvedCaptcha } from '../../test/captcha-helpers';
import { ACCOUNT_LIMITS } from './account-rules';

/** The per-address limit an entry's policy sets. */
function limitOf(entry: Endpoint): number {
  if (!entry.policy.limit) throw new Error(`${entry.name} has no limit`);
  return entry.policy.limit.max;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ALTCHA_MAX_NUMBER: '1000' });
});
afterAll(async () => {
  await t.close();
});

const login = (identifier: string, password: string, address?: string) =>
  logIn(t.app, identifier, password, address);

async function resetLinkFor(email: string): Promise<string> {
  const [mail] = await t.db.query<{ text_body: string }>(
    `select text_body from email_outbox where to_address = $1 and template = 'password-reset' order by created_at desc limit 1`,
    [email],
  );
  const token = /#token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1];
  if (!token) throw new Error('no reset link was sent');
  return token;
}

describe('rate limits', () => {
  it(`answers 429 from login number ${limitOf(accountsEndpoints.login) + 1} from one address`, async () => {
    const address = nextAddress();
    for (let i = 1; i <= limitOf(accountsEndpoints.login); i += 1) {
      expect((await login('', '', address)).statusCode).toBe(400);
    }
    expect((await login('', '', address)).statusCode).toBe(429);
  });

  it(`answers 429 from attempt ${ACCOUNT_LIMITS.loginPerAccount.max + 1} on one account from one address, before hashing, and never locks the owner out`, async () => {
    const user = await signUp(t.app);
    const stranger = nextAddress();
    for (let i = 1; i <= ACCOUNT_LIMITS.loginPerAccount.max; i += 1) {
      expect((await login(user.email, 'wrong-pass', stranger)).statusCode).toBe(401);
    }
    const started = performance.now();
    const limited = await login(user.email, user.password, stranger);
    expect(limited.statusCode).toBe(429);
    // Argon2id at OWASP cost takes tens of milliseconds; a refusal before hashing does not.
    expect(performance.now() - started).toBeLessThan(1000);
    // The owner, from their own address, is not locked out by the stranger's attempts: the
    // account asks for a solved check first (login-challenge.routes.test.ts), then signs in.
    const owner = nextAddress();
    expect((await login(user.email, user.password, owner)).json<ApiBody>().error.code).toBe(
      'CHALLENGE_REQUIRED',
    );
    const solved = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/login',
      payload: { identifier: user.email, password: user.password, captchaToken: await solvedCaptcha(t.app) },
      remoteAddress: owner,
    });
    expect(solved.statusCode).toBe(200);
  });

  it(`answers 429 from signup number ${limitOf(accountsEndpoints.signupListener) + 1} from one address`, async () => {
    const address = nextAddress();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/signup/listener',
        payload: {},
        remoteAddress: address,
      });
    for (let i = 1; i <= limitOf(accountsEndpoints.signupListener); i += 1)
      expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(429);
  });

  it(`answers 429 from signup ${ACCOUNT_LIMITS.signupPerEmail.max + 1} for one email, from any address`, async () => {
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/signup/listener',
        payload: { username: `same${i}`, email: 'same-email@example.com', password: 'secret-pass' },
        remoteAddress: nextAddress(),
      });
    expect((await attempt(1)).statusCode).toBe(201);
    for (let i = 2; i <= ACCOUNT_LIMITS.signupPerEmail.max; i += 1)
      expect((await attempt(i)).statusCode).toBe(409);
    expect((await attempt(99)).statusCode).toBe(429);
  });

  it(`answers 429 from reset request ${ACCOUNT_LIMITS.resetPerAddressAndEmail.max + 1} for one email from one address, and still mails the owner at theirs`, async () => {
    const user = await signUp(t.app);
    const stranger = nextAddress();
    const attempt = (address: string, email = user.email) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset',
        payload: { email },
        remoteAddress: address,
      });
    const mails = async () =>
      (
        await t.db.query(`select 1 from email_outbox where to_address = $1 and template = 'password-reset'`, [
          user.email,
        ])
      ).length;
    for (let i = 1; i <= ACCOUNT_LIMITS.resetPerAddressAndEmail.max; i += 1)
      expect((await attempt(stranger)).statusCode).toBe(200);
    expect((await attempt(stranger)).statusCode).toBe(429);
    expect(await mails()).toBe(ACCOUNT_LIMITS.resetPerAddressAndEmail.max);
    // The stranger spent their own budget for this email, not the owner's: the owner's request
    // from their own address goes through and mails them a link that works.
    expect((await attempt(nextAddress())).statusCode).toBe(200);
    expect(await mails()).toBe(ACCOUNT_LIMITS.resetPerAddressAndEmail.max + 1);
    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/confirm',
      payload: { token: await resetLinkFor(user.email), password: 'owner-new-pass' },
      remoteAddress: nextAddress(),
    });
    expect(confirm.statusCode).toBe(200);
  });

  it(`answers 429 from reset request ${limitOf(accountsEndpoints.requestPasswordReset) + 1} from one address`, async () => {
    const address = nextAddress();
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset',
        payload: { email: `n${i}@example.com` },
        remoteAddress: address,
      });
    for (let i = 1; i <= limitOf(accountsEndpoints.requestPasswordReset); i += 1)
      expect((await attempt(i)).statusCode).toBe(200);
    expect((await attempt(99)).statusCode).toBe(429);
  });

  // A reset token is guessed at these two routes, and a current password at the last: each holds
  // its own count per address, before the token is looked up or any hash is computed.
  it.each([
    [
      '/api/accounts/password-reset/check',
      { token: 'guess' },
      limitOf(accountsEndpoints.checkPasswordResetToken),
      200,
    ],
    [
      '/api/accounts/password-reset/confirm',
      { token: 'guess', password: 'brand-new-pass' },
      limitOf(accountsEndpoints.confirmPasswordReset),
      400,
    ],
    [
      '/api/accounts/password',
      { currentPassword: 'guess', newPassword: 'brand-new-pass' },
      limitOf(accountsEndpoints.changePassword),
      401,
    ],
  ])('answers 429 at %s once its limit is spent from one address', async (url, payload, max, status) => {
    const address = nextAddress();
    const attempt = () => t.app.inject({ method: 'POST', url, payload, remoteAddress: address });
    for (let i = 1; i <= max; i += 1) expect((await attempt()).statusCode).toBe(status);
    expect((await attempt()).statusCode).toBe(429);
    // Another address is not held back by this one's count.
    expect(
      (await t.app.inject({ method: 'POST', url, payload, remoteAddress: nextAddress() })).statusCode,
    ).toBe(status);
  });
});

describe('password reset', () => {
  it('validates the request with the spec messages', async () => {
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset',
        payload,
        remoteAddress: nextAddress(),
      });
    expect((await send({ email: '' })).json<ApiBody>().error.fields.email).toBe(M.emailRequired);
    expect((await send({ email: 'nope' })).json<ApiBody>().error.fields.email).toBe(M.emailInvalidReset);
  });

  it('sends a single-use link that sets a new password and ends every session', async () => {
    const user = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset',
      payload: { email: user.email },
      remoteAddress: nextAddress(),
    });
    const token = await resetLinkFor(user.email);
    const confirm = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/password-reset/confirm',
        payload: { token, password },
        remoteAddress: nextAddress(),
      });
    expect((await confirm('12345')).json<ApiBody>().error.fields.password).toBe(M.passwordTooShort);
    expect((await confirm('brand-new-pass')).statusCode).toBe(200);
    expect((await confirm('another-pass')).json<ApiBody>().error.message).toBe(M.resetLinkInvalid);
    expect((await user.get('/api/accounts/session')).json<ApiBody>().session).toBeNull();
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-pass')).statusCode).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const user = await signUp(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset',
      payload: { email: user.email },
      remoteAddress: nextAddress(),
    });
    const token = await resetLinkFor(user.email);
    await t.db.query(
      `update password_reset_tokens set expires_at = now() - interval '1 second' where account_id = $1`,
      [user.id],
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/password-reset/confirm',
      payload: { token, password: 'brand-new-pass' },
      remoteAddress: nextAddress(),
    });
    expect(response.json<ApiBody>().error.message).toBe(M.resetLinkInvalid);
  });
});

describe('change password', () => {
  it('needs the current password, keeps this session and ends the others', async () => {
    const user = await signUp(t.app);
    const other = await login(user.email, user.password);
    const wrong = await user.post('/api/accounts/password', {
      currentPassword: 'nope-nope',
      newPassword: 'next-pass',
    });
    expect(wrong.json<ApiBody>().error.fields.currentPassword).toBe(
      PASSWORD_CHANGE_MESSAGES.currentPasswordWrong,
    );
    const short = await user.post('/api/accounts/password', {
      currentPassword: user.password,
      newPassword: '123',
    });
    expect(short.json<ApiBody>().error.fields.newPassword).toBe(M.passwordTooShort);
    expect(
      (
        await user.post('/api/accounts/password', {
          currentPassword: user.password,
          newPassword: 'next-pass',
        })
      ).statusCode,
    ).toBe(200);
    expect((await user.get('/api/accounts/session')).json<ApiBody>().session).not.toBeNull();
    const otherSession = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/session',
      headers: { cookie: cookieOf(other) },
    });
    expect(otherSession.json<ApiBody>().session).toBeNull();
  });
});

describe('settings save', () => {
  it('uses the spec messages and saves the fields', async () => {
    const artist = await signUp(t.app, 'artist');
    const taken = await signUp(t.app);
    expect(
      (await artist.patch('/api/accounts/profile', { username: '' })).json<ApiBody>().error.fields.username,
    ).toBe(M.usernameRequired);
    expect(
      (await artist.patch('/api/accounts/profile', { username: 'fine', artistName: ' ' })).json<ApiBody>()
        .error.fields.artistName,
    ).toBe(M.artistNameRequired);
    expect(
      (
        await artist.patch('/api/accounts/profile', { username: taken.username, artistName: 'X' })
      ).json<ApiBody>().error.fields.username,
    ).toBe(M.usernameTaken);
    const saved = await artist.patch('/api/accounts/profile', {
      username: 'renamed',
      artistName: 'New Name',
      bio: 'Hi',
      website: 'https://x.example',
    });
    expect(saved.json<ApiBody>().profile).toMatchObject({
      username: 'renamed',
      artistName: 'New Name',
      bio: 'Hi',
      website: 'https://x.example',
    });
  });

  it('gives listeners no artist name', async () => {
    const listener = await signUp(t.app);
    const saved = await listener.patch('/api/accounts/profile', {
      username: listener.username,
      artistName: 'Sneaky',
    });
    expect(saved.json<ApiBody>().profile.artistName).toBeNull();
  });
});

describe('one user cannot read or change another’s account', () => {
  it.each([
    [
      '/functions/v1/update-user-profile',
      (id: string) => ({ userId: id, userMetadata: { username: 'hijacked' } }),
    ],
    [
      '/functions/v1/delete-user-account',
      (id: string) => ({ user_id: id, confirmation_text: M.deleteConfirmation }),
    ],
    ['/functions/v1/check-entitlements', (id: string) => ({ user_id: id })],
    ['/functions/v1/debug-purchase', (id: string) => ({ user_id: id })],
    ['/functions/v1/clear-demo-interactions', (id: string) => ({ demoUserId: id })],
    ['/functions/v1/update-user-email', (id: string) => ({ userId: id, newEmail: 'stolen@example.com' })],
  ])('%s refuses another user id and changes nothing', async (url, body) => {
    const attacker = await signUp(t.app);
    const victim = await signUp(t.app, 'artist');
    const response = await attacker.post(url, body(victim.id));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: M.notYourAccount });
    const [row] = await t.db.query(
      'select a.email, p.username from accounts a join profiles p on p.id = a.id where a.id = $1',
      [victim.id],
    );
    expect(row).toEqual({ email: victim.email, username: victim.username });
  });

  it('answers the owner, and only with a session', async () => {
    const user = await signUp(t.app, 'artist');
    const own = await user.post('/functions/v1/check-entitlements', { user_id: user.id });
    expect(own.json()).toMatchObject({ hasArtistEntitlement: false, entitlements: [] });
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/functions/v1/check-entitlements',
      payload: { user_id: user.id },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sends the welcome email only to the signed-in account, never as a relay', async () => {
    const user = await signUp(t.app, 'artist');
    const outbox = (to: string) =>
      t.db.query(`select 1 from email_outbox where to_address = $1 and template = 'welcome'`, [to]);
    const data = { artistName: 'Relay', username: user.username };
    const relayed = await user.post('/functions/v1/send-email', {
      emailType: 'welcome',
      to: 'someone-else@example.com',
      data,
    });
    expect(relayed.statusCode).toBe(403);
    expect(relayed.json()).toMatchObject({ error: M.notYourAccount });
    expect(await outbox('someone-else@example.com')).toHaveLength(0);

    const before = (await outbox(user.email)).length;
    const own = await user.post('/functions/v1/send-email', {
      emailType: 'welcome',
      to: ` ${user.email.toUpperCase()} `,
      data,
    });
    expect(own.statusCode).toBe(200);
    expect(await outbox(user.email)).toHaveLength(before + 1);
  });
});

describe('profile photo', () => {
  it('re-encodes the image under an opaque key and serves it by signed URL', async () => {
    const user = await signUp(t.app);
    const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: '#ff383a' } })
      .withMetadata({ exif: { IFD0: { Artist: 'Secret Name' } } })
      .png()
      .toBuffer();
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/photo',
      payload: png,
      headers: { cookie: user.cookie, 'content-type': 'image/png' },
    });
    expect(response.statusCode).toBe(200);
    const [media] = await t.db.query<{ storage_key: string; content_type: string }>(
      `select storage_key, content_type from media_objects where owner_id = $1 and bucket = 'profile-images'`,
      [user.id],
    );
    expect(media?.content_type).toBe('image/jpeg');
    expect(media?.storage_key).not.toContain(user.username);
    const session = (await user.get('/api/accounts/session')).json<ApiBody>().session;
    expect(session?.profile.profileImageUrl).toMatch(/sig=|signature|X-Amz/i);
  });

  it('refuses what is not an image, and more than 5 MB', async () => {
    const user = await signUp(t.app);
    const put = (payload: Buffer, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/accounts/photo',
        payload,
        headers: { cookie: user.cookie, 'content-type': type },
      });
    expect((await put(Buffer.from('not an image'), 'image/png')).json<ApiBody>().error.message).toBe(
      M.imageInvalid,
    );
    expect((await put(Buffer.from('x'), 'text/plain')).json<ApiBody>().error.message).toBe(M.imageInvalid);
    expect((await put(Buffer.alloc(5_242_881), 'image/jpeg')).json<ApiBody>().error.message).toBe(
      M.imageTooLarge,
    );
  });

  it('accepts JPEG, PNG and WebP by their decoded bytes; SVG, GIF and TIFF are refused whatever the label', async () => {
    const user = await signUp(t.app);
    const put = (payload: Buffer, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/accounts/photo',
        payload,
        headers: { cookie: user.cookie, 'content-type': type },
      });
    const stored = () =>
      t.db.query<{ storage_key: string }>(
        `select storage_key from media_objects where owner_id = $1 and bucket = 'profile-images'`,
        [user.id],
      );
    const square = sharp({ create: { width: 32, height: 32, channels: 3, background: '#ff383a' } });
    const webp = await square.clone().webp().toBuffer();
    expect((await put(webp, 'image/webp')).statusCode).toBe(200);
    // A JPEG labelled PNG is still a JPEG: the bytes decide, not the label.
    expect((await put(await square.clone().jpeg().toBuffer(), 'image/png')).statusCode).toBe(200);
    const kept = await stored();
    expect(kept).toHaveLength(1);

    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" fill="red"/></svg>',
    );
    const refused = [
      [svg, 'image/png'],
      [svg, 'image/svg+xml'],
      [await square.clone().gif().toBuffer(), 'image/png'],
      [await square.clone().tiff().toBuffer(), 'image/jpeg'],
    ] as const;
    for (const [bytes, type] of refused) {
      const response = await put(bytes, type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json<ApiBody>().error.message).toBe(M.imageInvalid);
    }
    expect(await stored()).toEqual(kept);
  });
});

describe('delete account', () => {
  it('needs the exact text, then removes the rows, the files and the session', async () => {
    const user = await signUp(t.app);
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    await t.app.inject({
      method: 'PUT',
      url: '/api/accounts/photo',
      payload: png,
      headers: { cookie: user.cookie, 'content-type': 'image/png' },
    });
    const wrong = await user.post('/functions/v1/delete-user-account', {
      user_id: user.id,
      confirmation_text: 'delete my account',
    });
    expect(wrong.json()).toMatchObject({ error: M.deleteConfirmationMismatch });
    const done = await user.post('/functions/v1/delete-user-account', {
      user_id: user.id,
      confirmation_text: M.deleteConfirmation,
    });
    expect(done.statusCode).toBe(200);
    for (const table of ['accounts', 'profiles', 'sessions', 'user_xp', 'media_objects']) {
      const column =
        table === 'sessions'
          ? 'account_id'
          : table === 'user_xp'
            ? 'user_id'
            : table === 'media_objects'
              ? 'owner_id'
              : 'id';
      expect(await t.db.query(`select 1 from ${table} where ${column} = $1`, [user.id])).toHaveLength(0);
    }
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });
});

describe('demo account', () => {
  it('refuses every restricted action with the spec messages, and keeps other demo sessions', async () => {
    const demo = await signUp(t.app, 'artist', {
      email: DEMO_ACCOUNT.email,
      password: DEMO_ACCOUNT.password,
      username: 'klangdemo',
    });
    const second = await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
    // Every visitor of /demo-login signs in to this one account: its public password is not
    // throttled per account, or the eleventh visitor in fifteen minutes would be locked out.
    for (let visitor = 0; visitor <= ACCOUNT_LIMITS.loginPerAccount.max; visitor += 1) {
      expect((await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password, nextAddress())).statusCode).toBe(200);
    }
    expect(
      (await demo.patch('/api/accounts/profile', { username: 'x', artistName: 'y' })).json<ApiBody>().error
        .message,
    ).toBe(M.demoProfileEdit);
    expect(
      (
        await demo.post('/api/accounts/password', {
          currentPassword: DEMO_ACCOUNT.password,
          newPassword: 'taken-over',
        })
      ).json<ApiBody>().error.message,
    ).toBe(M.demoPassword);
    expect(
      (
        await demo.post('/functions/v1/delete-user-account', {
          user_id: demo.id,
          confirmation_text: M.deleteConfirmation,
        })
      ).json<ApiBody>().error,
    ).toBe(M.demoDelete);
    expect(
      (await demo.post('/functions/v1/clear-demo-interactions', { demoUserId: demo.id })).statusCode,
    ).toBe(200);
    // Signing one demo visitor out does not sign out the other.
    await demo.post('/api/accounts/logout');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/accounts/session',
      headers: { cookie: cookieOf(second) },
    });
    expect(other.json<ApiBody>().session).toMatchObject({ isDemo: true });
  });

  it('lets no other account clear interactions through the demo function', async () => {
    const user = await signUp(t.app);
    expect(
      (await user.post('/functions/v1/clear-demo-interactions', { demoUserId: user.id })).statusCode,
    ).toBe(403);
  });
});
