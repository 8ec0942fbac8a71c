import type * as argon2 from '@node-rs/argon2';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockedFunction } from 'vitest';
import { ACCOUNT_GUARD_MESSAGES, ACCOUNT_MESSAGES as M, DEMO_ACCOUNT } from '@klang/domain';
import { nextAddress, signUp, type ApiBody } from '../../test/accounts-helpers';
import type { TestApp } from '../../test/app';
import { solvedCaptcha } from '../../test/captcha-helpers';
import { LOGIN_CHALLENGE } from './login-challenge';

// Every Argon2 verification the sign-in runs is counted: "password checks" and "hash work" are
// this count, never a stopwatch. A call that returns before hashing is not one.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof argon2>();
  return { ...actual, verify: vi.fn(actual.verify) };
});
let checks: MockedFunction<typeof argon2.verify>;

let t: TestApp;
beforeAll(async () => {
  // WARNING: the server's test files share one module cache (vitest.config.ts, isolate: false),
  // so an earlier file may have loaded the accounts area with the real Argon2 already. A fresh
  // module graph binds this file's app to the counting mock, whatever ran before.
  vi.resetModules();
  checks = vi.mocked((await import('@node-rs/argon2')).verify);
  const { createTestApp } = await import('../../test/app');
  t = await createTestApp({ ALTCHA_MAX_NUMBER: '1000' });
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  checks.mockClear();
});

function login(identifier: string, secret: string, address = nextAddress(), captchaToken?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/accounts/login',
    payload: { identifier, password: secret, ...(captchaToken !== undefined && { captchaToken }) },
    remoteAddress: address,
  });
}

const codeOf = (response: LightMyRequestResponse) => response.json<ApiBody>().error.code;

describe('the sign-in challenge', () => {
  it('gives a script of 8 addresses × 10 guesses at most 15 password checks, then lets the owner in by solving it', async () => {
    const user = await signUp(t.app);
    const addresses = Array.from({ length: 8 }, () => nextAddress());
    const answers: string[] = [];
    for (const address of addresses) {
      for (let guess = 0; guess < 10; guess += 1) {
        answers.push(codeOf(await login(user.username, `guess-${guess}`, address)));
      }
    }
    expect(checks.mock.calls.length).toBeLessThanOrEqual(15);
    expect(checks).toHaveBeenCalledTimes(LOGIN_CHALLENGE.afterFailures);
    expect(answers.slice(0, LOGIN_CHALLENGE.afterFailures)).toEqual(
      Array<string>(LOGIN_CHALLENGE.afterFailures).fill('UNAUTHENTICATED'),
    );
    expect(new Set(answers.slice(LOGIN_CHALLENGE.afterFailures))).toEqual(new Set(['CHALLENGE_REQUIRED']));

    // The right password without a solved check is refused too, before the password is read.
    checks.mockClear();
    const unsolved = await login(user.username, user.password);
    expect(unsolved.statusCode).toBe(401);
    expect(unsolved.json<ApiBody>().error).toMatchObject({
      code: 'CHALLENGE_REQUIRED',
      message: ACCOUNT_GUARD_MESSAGES.loginChallenge,
      fields: { captchaToken: ACCOUNT_GUARD_MESSAGES.loginChallenge },
    });
    // A token that is no solution changes nothing.
    expect(codeOf(await login(user.username, user.password, nextAddress(), 'bm90IGEgc29sdXRpb24='))).toBe(
      'CHALLENGE_REQUIRED',
    );
    expect(checks).not.toHaveBeenCalled();

    // Solved, a wrong guess costs the script its proof of work and is counted; the same solved
    // check cannot be spent twice.
    const token = await solvedCaptcha(t.app);
    expect(codeOf(await login(user.username, 'guess-again', nextAddress(), token))).toBe('UNAUTHENTICATED');
    expect(codeOf(await login(user.username, user.password, nextAddress(), token))).toBe(
      'CHALLENGE_REQUIRED',
    );
    expect(checks).toHaveBeenCalledTimes(1);

    // The owner solves a fresh check and signs in; the count starts again from nothing.
    const owner = await login(user.username, user.password, nextAddress(), await solvedCaptcha(t.app));
    expect(owner.statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('challenges an unknown email exactly as a registered one, with the same hash work', async () => {
    const user = await signUp(t.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    for (const identifier of [user.email, unknown]) {
      checks.mockClear();
      const answers: string[] = [];
      for (let i = 0; i <= LOGIN_CHALLENGE.afterFailures; i += 1) {
        const response = await login(identifier, 'wrong-pass');
        answers.push(`${response.statusCode} ${codeOf(response)} ${response.json<ApiBody>().error.message}`);
      }
      // One Argon2 verification per attempt until the challenge, for both: timing tells nothing.
      expect(checks, identifier).toHaveBeenCalledTimes(LOGIN_CHALLENGE.afterFailures);
      expect(answers, identifier).toEqual([
        ...Array<string>(LOGIN_CHALLENGE.afterFailures).fill(`401 UNAUTHENTICATED ${M.invalidCredentials}`),
        `401 CHALLENGE_REQUIRED ${ACCOUNT_GUARD_MESSAGES.loginChallenge}`,
      ]);
    }
  });

  it('counts failures at one account only: another account is not challenged', async () => {
    const [target, bystander] = [await signUp(t.app), await signUp(t.app)];
    for (let i = 0; i < LOGIN_CHALLENGE.afterFailures; i += 1) await login(target.email, 'wrong-pass');
    expect(codeOf(await login(target.email, target.password))).toBe('CHALLENGE_REQUIRED');
    expect((await login(bystander.email, bystander.password)).statusCode).toBe(200);
  });

  it('starts again after a quiet window', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < LOGIN_CHALLENGE.afterFailures; i += 1) await login(user.email, 'wrong-pass');
    expect(codeOf(await login(user.email, user.password))).toBe('CHALLENGE_REQUIRED');
    await t.db.query(
      `update login_failures set last_failed_at = now() - make_interval(secs => $1::double precision / 1000 + 1)`,
      [LOGIN_CHALLENGE.windowMs],
    );
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('never puts a check in front of the demo account, whose password is public', async () => {
    await signUp(t.app, 'artist', { email: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password });
    for (let i = 0; i <= LOGIN_CHALLENGE.afterFailures; i += 1) {
      expect(codeOf(await login(DEMO_ACCOUNT.email, 'wrong-pass'))).toBe('UNAUTHENTICATED');
    }
    expect((await login(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).statusCode).toBe(200);
  });
});
