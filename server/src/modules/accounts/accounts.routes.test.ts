import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, MESSAGES } from '@klang/domain';
import { clientFor, cookieOf, logIn, nextAddress, signUp, type ApiBody } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (identifier: string, password: string, address?: string) =>
  logIn(t.app, identifier, password, address);

describe('listener signup', () => {
  it('creates a working account with a profile, a listener profile and a user_xp row, and signs in', async () => {
    const user = await signUp(t.app, 'listener');
    const session = (await user.get('/api/accounts/session')).json<{ session: Record<string, unknown> }>()
      .session;
    expect(session).toMatchObject({ userType: 'listener', subscriptionTier: 'free', isDemo: false });
    const rows = await t.db.query(
      `select p.role, lp.id as lp, x.tier from profiles p join listener_profiles lp on lp.id = p.id
       join user_xp x on x.user_id = p.id where p.id = $1`,
      [user.id],
    );
    expect(rows).toEqual([{ role: 'listener', lp: user.id, tier: 'Bronze' }]);
  });

  it.each([
    [{ email: 'a@b.co', password: 'secret1' }, 'username', M.usernameRequired],
    [{ username: 'two words', email: 'a@b.co', password: 'secret1' }, 'username', M.usernameOneWord],
    [{ username: 'ok', password: 'secret1' }, 'email', M.emailRequired],
    [{ username: 'ok', email: 'not-an-email', password: 'secret1' }, 'email', M.emailInvalid],
    [{ username: 'ok', email: 'a@b.co' }, 'password', M.passwordRequired],
    [{ username: 'ok', email: 'a@b.co', password: '12345' }, 'password', M.passwordTooShort],
  ])('refuses %j with the spec message on %s', async (payload, field, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signup/listener',
      payload,
      remoteAddress: nextAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiBody>().error.fields[field]).toBe(message);
    expect(await t.db.query('select 1 from accounts where email = $1', ['a@b.co'])).toHaveLength(0);
  });

  it('turns an email already registered into the spec message on the email field', async () => {
    const first = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signup/listener',
      remoteAddress: nextAddress(),
      payload: { username: 'someoneelse', email: first.email.toUpperCase(), password: 'secret1' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ApiBody>().error.fields).toEqual({ email: M.emailAlreadyRegistered });
  });

  it('refuses a username taken in another case', async () => {
    const first = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signup/listener',
      remoteAddress: nextAddress(),
      payload: { username: first.username.toUpperCase(), email: 'fresh@example.com', password: 'secret1' },
    });
    expect(response.json<ApiBody>().error.fields).toEqual({ username: M.usernameTaken });
  });
});

describe('artist signup', () => {
  it('writes profiles and artist_profiles, creates user_xp and sends the welcome email', async () => {
    const artist = await signUp(t.app, 'artist', {
      bio: 'Deep cuts',
      instagram: 'me',
      website: 'https://me.example',
    });
    const [row] = await t.db.query(
      `select p.artist_name, p.bio, ap.instagram, ap.website, ap.subscription_tier, ap.verification_status
       from profiles p join artist_profiles ap on ap.id = p.id join user_xp x on x.user_id = p.id where p.id = $1`,
      [artist.id],
    );
    expect(row).toMatchObject({
      bio: 'Deep cuts',
      instagram: 'me',
      subscription_tier: 'free',
      verification_status: 'none',
    });
    const mail = await t.db.query('select 1 from email_outbox where to_address = $1 and template = $2', [
      artist.email,
      'welcome',
    ]);
    expect(mail).toHaveLength(1);
  });

  it('requires an artist name and a bio', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signup/artist',
      remoteAddress: nextAddress(),
      payload: {
        username: 'artistx',
        email: 'artistx@example.com',
        password: 'secret1',
        artistName: '  ',
        bio: '',
      },
    });
    expect(response.json<ApiBody>().error.fields).toEqual({
      artistName: M.artistNameRequired,
      bio: M.bioRequired,
    });
  });
});

describe('login and logout', () => {
  it('signs in by email or by username, case-insensitively', async () => {
    const user = await signUp(t.app);
    expect((await login(user.email.toUpperCase(), user.password)).statusCode).toBe(200);
    const byName = await login(user.username.toUpperCase(), user.password);
    expect(byName.statusCode).toBe(200);
    expect(byName.headers['set-cookie']).toMatch(/klang_session=.*HttpOnly.*SameSite=Lax/);
  });

  it('answers with the spec messages', async () => {
    const user = await signUp(t.app);
    expect((await login('', 'x')).json<ApiBody>().error.fields.identifier).toBe(M.identifierRequired);
    expect((await login('x', '')).json<ApiBody>().error.fields.password).toBe(M.passwordRequired);
    expect((await login('nobody-here', 'secret1')).json<ApiBody>().error.message).toBe(M.usernameNotFound);
    expect((await login(user.email, 'wrong-pass')).json<ApiBody>().error.message).toBe(M.invalidCredentials);
    expect((await login('nobody@example.com', 'secret1')).json<ApiBody>().error.message).toBe(
      M.invalidCredentials,
    );
  });

  it('revokes the session on the server at sign-out', async () => {
    const user = await signUp(t.app);
    expect((await user.post('/api/accounts/logout')).statusCode).toBe(204);
    expect((await user.get('/api/accounts/session')).json()).toEqual({ session: null });
    expect((await user.post('/api/loyalty/daily-login')).statusCode).toBe(401);
  });

  it('refuses a state-changing request from another site', async () => {
    const user = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/logout',
      headers: { cookie: user.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
    expect((await user.get('/api/accounts/session')).json<ApiBody>().session).not.toBeNull();
  });
});

describe('session cookie', () => {
  it('is unusable once the database row is gone', async () => {
    const user = await signUp(t.app);
    await t.db.query('delete from sessions where account_id = $1', [user.id]);
    expect((await user.get('/api/accounts/session')).json()).toEqual({ session: null });
  });

  it('cannot be forged', async () => {
    const forged = clientFor(t.app, 'klang_session=abc', '00000000-0000-0000-0000-000000000000');
    expect((await forged.get('/api/accounts/session')).json()).toEqual({ session: null });
    expect((await forged.post('/api/loyalty/daily-login')).json<ApiBody>().error.message).toBe(
      MESSAGES.userNotAuthenticated,
    );
  });

  it('is stored only as a hash', async () => {
    const user = await signUp(t.app);
    const token = cookieOf({ headers: { 'set-cookie': user.cookie } } as never).split('=')[1];
    const rows = await t.db.query('select token_hash from sessions where account_id = $1', [user.id]);
    expect(rows.map((r) => (r as { token_hash: string }).token_hash)).not.toContain(token);
  });
});

describe('update-user-profile (spec 001 §7)', () => {
  it('keeps a field left out, clears one sent empty, and sets one sent', async () => {
    const artist = await signUp(t.app, 'artist', { instagram: 'me', website: 'https://me.example' });
    const updated = await artist.post('/functions/v1/update-user-profile', {
      userId: artist.id,
      userMetadata: { artist_name: 'New Name', bio: '' },
    });
    expect(updated.statusCode).toBe(200);
    const [row] = await t.db.query(
      `select p.username, p.artist_name, p.bio, ap.instagram, ap.website
       from profiles p join artist_profiles ap on ap.id = p.id where p.id = $1`,
      [artist.id],
    );
    expect(row).toEqual({
      username: artist.username,
      artist_name: 'New Name',
      bio: null,
      instagram: 'me',
      website: 'https://me.example',
    });
  });
});
