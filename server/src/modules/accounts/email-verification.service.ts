import { randomBytes } from 'node:crypto';
import { ACCOUNT_GUARD_MESSAGES, DEMO_ACCOUNT, LIMITS, MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import { sha256, type EmailSender } from './account-rules';
import type { EmailVerificationRepository } from './email-verification.repository';

/** A signed-in account asks for its link again at most this often (decision 0255). */
export const VERIFICATION_LIMITS = { resendPerAccount: { max: 3, windowMs: 60 * 60_000 } } as const;

export interface EmailVerificationDeps {
  repository: EmailVerificationRepository;
  email: EmailSender;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
  countHit: (key: string, windowMs: number) => Promise<number>;
}

/**
 * New accounts prove they hold their address (issue 27, decision 0255): a one-use link for a
 * day, its token kept only as a hash. Until then the account can listen and like; its verdicts
 * weigh 0 in the charts (decision 0196).
 */
export function createEmailVerification(deps: EmailVerificationDeps) {
  async function send(accountId: string, email: string): Promise<void> {
    const token = randomBytes(32).toString('base64url');
    await deps.repository.createToken({
      accountId,
      email,
      tokenHash: sha256(token),
      ttlSeconds: LIMITS.verifyLinkSeconds,
    });
    // The token rides in the fragment, as the reset link's: never in a server log or a Referer.
    const link = `${new URL('/verify-email', deps.publicUrl).toString()}#token=${token}`;
    await deps.email.send({
      template: 'verify-email',
      to: email,
      subject: 'Confirm your Klang email address',
      text: `Confirm that this address is yours (the link works once, for a day):\n${link}\n\nUntil you do, your likes do not count in the charts.\n\nIf you did not sign up for Klang, ignore this email.`,
    });
  }

  return {
    /**
     * The link of a new account. A mail that cannot be sent does not undo the signup: the
     * profile's banner sends it again.
     */
    async sendAfterSignup(accountId: string, email: string): Promise<void> {
      try {
        await send(accountId, email);
      } catch (error) {
        deps.log.warn({ err: error }, 'verification email not sent');
      }
    },

    async confirm(token: string): Promise<void> {
      if (!(await deps.repository.consume(sha256(token)))) {
        throw new AppError('VALIDATION_FAILED', ACCOUNT_GUARD_MESSAGES.verifyLinkInvalid, {
          token: ACCOUNT_GUARD_MESSAGES.verifyLinkInvalid,
        });
      }
    },

    /** A fresh link to the signed-in account's own address; nothing when it has none to verify. */
    async resend(account: SessionAccount): Promise<void> {
      const { max, windowMs } = VERIFICATION_LIMITS.resendPerAccount;
      if ((await deps.countHit(`verify resend ${account.id}`, windowMs)) > max) {
        throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
      }
      const state = await deps.repository.state(account.id);
      if (!state || state.verified || state.is_temporary || state.email === DEMO_ACCOUNT.email) return;
      await send(account.id, state.email);
    },
  };
}

export type EmailVerification = ReturnType<typeof createEmailVerification>;
