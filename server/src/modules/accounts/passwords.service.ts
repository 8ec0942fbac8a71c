import { randomBytes } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, DEMO_ACCOUNT, LIMITS, PASSWORD_CHANGE_MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import { ACCOUNT_LIMITS, sha256, type AccountChecks, type EmailSender } from './account-rules';
import type { AccountsRepository } from './accounts.repository';
import { hashPassword, verifyPassword } from './password';

/** An account's password: the reset link by email (spec 000 §2) and the change in Settings. */
export function createPasswords(deps: {
  repository: Pick<
    AccountsRepository,
    | 'findByEmail'
    | 'findById'
    | 'createResetToken'
    | 'isResetTokenUsable'
    | 'consumeResetToken'
    | 'updatePassword'
  >;
  checks: Pick<AccountChecks, 'throttle'>;
  email: EmailSender;
  publicUrl: string;
}) {
  const { repository, checks } = deps;
  /**
   * Sends a one-hour, single-use link; says nothing about whether the email is registered.
   * Counted per address and email (decision 0254): requests from elsewhere never spend the
   * owner's.
   */
  async function requestPasswordReset(email: string, address: string): Promise<void> {
    await checks.throttle(`reset email ${email} from ${address}`, ACCOUNT_LIMITS.resetPerAddressAndEmail);
    const account = await repository.findByEmail(email);
    if (!account?.password_hash || email === DEMO_ACCOUNT.email) return;
    const token = randomBytes(32).toString('base64url');
    await repository.createResetToken(account.id, sha256(token), LIMITS.resetLinkSeconds);
    // The token rides in the fragment: it never reaches a server log or a Referer header.
    const link = `${new URL('/reset-password', deps.publicUrl).toString()}#token=${token}`;
    await deps.email.send({
      template: 'password-reset',
      to: email,
      subject: 'Reset your Klang password',
      text: `Someone asked to reset the password of your Klang account.\n\nSet a new password (the link works once, for one hour):\n${link}\n\nIf this was not you, ignore this email.`,
    });
  }

  async function isResetTokenValid(token: string): Promise<boolean> {
    return repository.isResetTokenUsable(sha256(token));
  }

  async function confirmPasswordReset(token: string, password: string): Promise<void> {
    const accountId = await repository.consumeResetToken(sha256(token));
    if (!accountId) throw new AppError('VALIDATION_FAILED', M.resetLinkInvalid);
    await repository.updatePassword(accountId, await hashPassword(password), null);
  }

  /** Settings' change: the current password first, counted as a login attempt; other sessions end. */
  async function changePassword(
    account: SessionAccount,
    current: string,
    next: string,
    keepSession: string | null,
  ): Promise<void> {
    await checks.throttle(`login account ${account.id}`, ACCOUNT_LIMITS.loginPerAccount);
    const row = await repository.findById(account.id);
    if (!row || !(await verifyPassword(row.password_hash, current))) {
      throw new AppError('VALIDATION_FAILED', PASSWORD_CHANGE_MESSAGES.currentPasswordWrong, {
        currentPassword: PASSWORD_CHANGE_MESSAGES.currentPasswordWrong,
      });
    }
    await repository.updatePassword(account.id, await hashPassword(next), keepSession);
  }

  return { requestPasswordReset, isResetTokenValid, confirmPasswordReset, changePassword };
}

export type Passwords = ReturnType<typeof createPasswords>;
