import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_MESSAGES } from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
let address = 0;
// Each request comes from its own address so the per-address rate limit stays out of the way.
const nextIp = () => `10.0.${Math.floor(++address / 250)}.${address % 250}`;

beforeAll(async () => {
  t = await createTestApp({ ALTCHA_MAX_NUMBER: '1000', TEAM_EMAIL: 'team@example.com' });
});
afterAll(() => t.close());

async function solvedToken(): Promise<string> {
  const response = await t.app.inject({ url: '/api/forms/captcha/challenge' });
  expect(response.statusCode).toBe(200);
  const challenge = response.json<Challenge>();
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).toBeTruthy();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

function post(url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
}

const contact = { name: 'Ada', email: 'Ada@Example.com ', message: 'Hello there' };

describe('captcha config', () => {
  it('names ALTCHA and its challenge URL by default', async () => {
    const response = await t.app.inject({ url: '/api/forms/captcha/config' });
    expect(response.json()).toEqual({ provider: 'altcha', challengeUrl: '/api/forms/captcha/challenge' });
    const health = await t.app.inject({ url: '/api/health' });
    expect(health.json<{ providers: Record<string, string> }>().providers.captcha).toBe('altcha');
  });
});

describe('POST /rest/v1/contact_submissions', () => {
  it('stores a valid message and tells the team', async () => {
    const response = await post('/rest/v1/contact_submissions', {
      ...contact,
      captcha_token: await solvedToken(),
    });
    expect(response.statusCode).toBe(201);
    const rows = await t.db.query<{ email: string; message: string }>(
      'select email, message from contact_submissions',
    );
    expect(rows).toEqual([{ email: 'ada@example.com', message: 'Hello there' }]);
    const mail = await t.db.query<{ to_address: string; text_body: string }>(
      "select to_address, text_body from email_outbox where template = 'team-contact'",
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to_address).toBe('team@example.com');
    expect(mail[0]?.text_body).toContain('Hello there');
  });

  it.each([
    [{ ...contact, name: ' ' }, FORM_MESSAGES.nameRequired],
    [{ ...contact, email: '' }, FORM_MESSAGES.emailRequired],
    [{ ...contact, email: 'not-an-email' }, FORM_MESSAGES.emailInvalid],
    [{ ...contact, message: '' }, FORM_MESSAGES.messageRequired],
    [{ ...contact }, FORM_MESSAGES.captchaRequired],
    // The order of spec 000 §5: the name is reported before anything else.
    [{ captcha_token: 'x' }, FORM_MESSAGES.nameRequired],
  ])('refuses %j with the spec message', async (body, message) => {
    const before = await t.db.query('select 1 from contact_submissions');
    const response = await post('/rest/v1/contact_submissions', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message });
    expect(await t.db.query('select 1 from contact_submissions')).toHaveLength(before.length);
  });

  it('refuses a token that is not a solution', async () => {
    const token = await solvedToken();
    const decoded = JSON.parse(Buffer.from(token, 'base64').toString()) as {
      solution: { derivedKey: string };
    };
    decoded.solution.derivedKey = decoded.solution.derivedKey.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    for (const bad of ['garbage', Buffer.from(JSON.stringify(decoded)).toString('base64')]) {
      const response = await post('/rest/v1/contact_submissions', { ...contact, captcha_token: bad });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(FORM_MESSAGES.captchaInvalid);
    }
  });

  it('accepts a solved challenge once only', async () => {
    const token = await solvedToken();
    const first = await post('/rest/v1/contact_submissions', { ...contact, captcha_token: token });
    expect(first.statusCode).toBe(201);
    const replay = await post('/rest/v1/bug_reports', { ...contact, description: 'x', captcha_token: token });
    expect(replay.statusCode).toBe(400);
    expect(replay.json<{ message: string }>().message).toBe(FORM_MESSAGES.captchaInvalid);
  });
});

describe('POST /rest/v1/bug_reports', () => {
  const bug = { name: 'Bo', email: 'bo@example.com', description: 'Button does nothing' };
  it('stores a valid report', async () => {
    const response = await post('/rest/v1/bug_reports', { ...bug, captcha_token: await solvedToken() });
    expect(response.statusCode).toBe(201);
    expect(await t.db.query('select 1 from bug_reports')).toHaveLength(1);
  });
  it('asks for a description with its own words', async () => {
    const response = await post('/rest/v1/bug_reports', { ...bug, description: '' });
    expect(response.json<{ message: string }>().message).toBe(FORM_MESSAGES.bugDescriptionRequired);
  });
});

describe('hCaptcha through siteverify', () => {
  let fake: Server;
  let hc: TestApp;
  const seen: string[] = [];
  beforeAll(async () => {
    // A stand-in for api.hcaptcha.com: accepts one token, each once, as hCaptcha does.
    const used = new Set<string>();
    fake = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push(body);
        const form = new URLSearchParams(body);
        const token = form.get('response') ?? '';
        const ok = form.get('secret') === 'sec' && token === 'good-token' && !used.has(token);
        used.add(token);
        response.setHeader('Content-Type', 'application/json');
        response.end(JSON.stringify({ success: ok }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as AddressInfo).port;
    hc = await createTestApp({
      HCAPTCHA_SITE_KEY: 'site',
      HCAPTCHA_SECRET: 'sec',
      HCAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
  });
  afterAll(async () => {
    await hc.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('verifies with the secret, refuses a bad or replayed token, and opens the CSP to hCaptcha', async () => {
    const send = (token: string) =>
      hc.app.inject({
        method: 'POST',
        url: '/rest/v1/contact_submissions',
        payload: { ...contact, captcha_token: token },
        remoteAddress: nextIp(),
      });
    expect((await send('good-token')).statusCode).toBe(201);
    expect((await send('good-token')).statusCode).toBe(400);
    expect((await send('bad-token')).statusCode).toBe(400);
    expect(seen[0]).toContain('sitekey=site');
    const config = await hc.app.inject({ url: '/api/forms/captcha/config' });
    expect(config.json()).toMatchObject({ provider: 'hcaptcha', siteKey: 'site' });
    expect(String(config.headers['content-security-policy'])).toContain('https://js.hcaptcha.com');
    expect((await hc.app.inject({ url: '/api/forms/captcha/challenge' })).statusCode).toBe(404);
  });
});
