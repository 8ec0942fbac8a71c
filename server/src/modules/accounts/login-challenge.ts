import { createHash } from 'node:crypto';
import { ACCOUNT_GUARD_MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import type { LoginFailuresRepository } from './login-failures.repository';

/**
 * After this many failed sign-ins at one account, from any addresses, each gap under
 * `windowMs`, every further attempt needs a solved captcha (decision 0253). Never a lockout: the
 * owner solves it and signs in. Tests read these numbers.
 */
export const LOGIN_CHALLENGE = { afterFailures: 5, windowMs: 15 * 60_000 } as const;

export interface LoginChallengeDeps {
  failures: LoginFailuresRepository;
  /** Verifies a captcha token and redeems it once (the forms area's gate); false when it fails. */
  passCaptcha: (token: string, remoteIp: string) => Promise<boolean>;
}

/**
 * The sign-in challenge. Its subject is the account, or the typed address when no account has
 * it, so an unknown email is challenged exactly as a registered one and the challenge tells
 * nobody which addresses have accounts.
 */
export function createLoginChallenge(deps: LoginChallengeDeps) {
  const subjectOf = (accountId: string | undefined, identifier: string) =>
    createHash('sha256')
      .update(accountId ? `account ${accountId}` : `identifier ${identifier.toLowerCase()}`)
      .digest('hex');

  return {
    subjectOf,

    /**
     * Refuses the attempt, before any password is checked, when the subject is challenged and the
     * attempt carries no captcha that verifies and was not redeemed before.
     */
    async admit(subject: string, captchaToken: string | undefined, remoteIp: string): Promise<void> {
      const failures = await deps.failures.recentFailures(subject, LOGIN_CHALLENGE.windowMs);
      if (failures < LOGIN_CHALLENGE.afterFailures) return;
      if (captchaToken && (await deps.passCaptcha(captchaToken, remoteIp))) return;
      throw new AppError('CHALLENGE_REQUIRED', ACCOUNT_GUARD_MESSAGES.loginChallenge, {
        captchaToken: ACCOUNT_GUARD_MESSAGES.loginChallenge,
      });
    },

    recordFailure: (subject: string) => deps.failures.recordFailure(subject, LOGIN_CHALLENGE.windowMs),

    /** A successful sign-in: the count starts again from nothing. */
    clear: (subject: string) => deps.failures.clear(subject),
  };
}

export type LoginChallenge = ReturnType<typeof createLoginChallenge>;
