import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress } from '../test/accounts-helpers';
import { createTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://klang.example' });
});
afterAll(async () => {
  await t.close();
});

describe('session cookie over HTTPS', () => {
  it('is __Host- prefixed, Secure, HttpOnly and SameSite=Lax', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/accounts/signup/listener',
      remoteAddress: nextAddress(),
      payload: { username: 'secure1', email: 'secure1@example.com', password: 'secret-pass' },
    });
    expect(response.statusCode).toBe(201);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^__Host-klang_session=/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
  });

  it('refuses a POST whose Origin is another site, and allows its own origin', async () => {
    const post = (origin: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/accounts/login',
        remoteAddress: nextAddress(),
        headers: { origin },
        payload: { identifier: 'secure1@example.com', password: 'secret-pass' },
      });
    expect((await post('https://evil.example')).statusCode).toBe(403);
    expect((await post('https://klang.example')).statusCode).toBe(200);
  });
});
