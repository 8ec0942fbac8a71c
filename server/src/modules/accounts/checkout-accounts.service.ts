import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES as M,
  SIGNUP_TRIAL_DAYS,
  type Session,
  type artistSignupSchema,
} from '@klang/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import { ACCOUNT_LIMITS, asTakenConflict, assertOwn, type AccountChecks } from './account-rules';
import type { AccountsRepository } from './accounts.repository';
import type { EmailVerification } from './email-verification.service';
import { hashPassword } from './password';
import type { AccountSessions } from './sessions.service';

/** Temporary checkout users' throwaway addresses live under this reserved domain (RFC 2606). */
const CHECKOUT_ACCOUNT_DOMAIN = 'checkout.klang.invalid';

/**
 * The account as checkout and billing know it (decision 0132): the temporary checkout user from
 * its making to the artist it becomes, the address a checkout may use, and what the account is
 * entitled to. Its discard is the deletion's (deletion.service.ts).
 */
export function createCheckoutAccounts(deps: {
  repository: Pick<
    AccountsRepository,
    | 'createCheckoutAccount'
    | 'findCheckoutIdentity'
    | 'replaceTemporaryEmail'
    | 'completeTemporary'
    | 'paymentSubscription'
  >;
  checks: AccountChecks;
  sessions: Pick<AccountSessions, 'session'>;
  verification: Pick<EmailVerification, 'sendAfterSignup'>;
  /** What time it is for the rules that count days (the signup trial). */
  now: () => Date;
}) {
  const { repository, checks, sessions } = deps;
  /**
   * A temporary checkout user (decision 0132): a throwaway address under a reserved domain and
   * no password at all, so nobody can sign in as it; only the session its caller makes holds
   * it. `alongside` runs in its transaction (the payments area queues its removal there).
   */
  function createCheckoutAccount(
    alongside: (tx: Queryable, accountId: string) => Promise<void>,
  ): Promise<string> {
    const email = `checkout-${randomBytes(12).toString('hex')}@${CHECKOUT_ACCOUNT_DOMAIN}`;
    return repository.createCheckoutAccount(email, alongside);
  }

  /**
   * The account as a checkout needs it: its address, and whether it is a temporary checkout
   * user (whose throwaway address the payment page must not be given). Undefined once it is gone.
   */
  async function checkoutIdentity(
    accountId: string,
  ): Promise<{ id: string; email: string; isTemporary: boolean } | undefined> {
    const row = await repository.findCheckoutIdentity(accountId);
    return row && { id: row.id, email: row.email, isTemporary: row.is_temporary };
  }

  /**
   * Spec 001 §7 update-user-email, the first step of the artist signup after checkout: only the
   * temporary checkout user bound to this session takes the address. The same address again is
   * a retry of the signup (its next step failed), not a conflict.
   */
  async function replaceTemporaryEmail(
    account: SessionAccount,
    userId: string,
    newEmail: string,
  ): Promise<void> {
    assertOwn(account, userId);
    const email = newEmail.trim().toLowerCase();
    await checks.assertEmailFree(email, account.id);
    if (!(await repository.replaceTemporaryEmail(account.id, email))) {
      throw new AppError('FORBIDDEN', M.notYourAccount);
    }
  }

  /**
   * Spec 001 §4 Artist signup (completion): the temporary checkout user bound to this browser
   * becomes the artist, with the trial when its checkout succeeded (14 days, product-decisions.md).
   * The welcome email is the screen's next step (send-email), as the spec sequences it.
   */
  async function completeCheckoutSignup(
    account: SessionAccount,
    input: z.output<typeof artistSignupSchema>,
    checkoutSucceeded: boolean,
  ): Promise<Session> {
    await checks.throttle(`signup email ${input.email}`, ACCOUNT_LIMITS.signupPerEmail);
    await checks.assertEmailFree(input.email, account.id);
    await checks.assertUsernameFree(input.username, account.id);
    const passwordHash = await hashPassword(input.password);
    let completed: boolean;
    try {
      completed = await repository.completeTemporary(account.id, {
        email: input.email,
        passwordHash,
        username: input.username,
        artistName: input.artistName,
        bio: input.bio,
        instagram: input.instagram,
        website: input.website,
        tier: checkoutSucceeded ? 'trial' : 'free',
        trialEnd: checkoutSucceeded ? new Date(deps.now().getTime() + SIGNUP_TRIAL_DAYS * 86_400_000) : null,
      });
    } catch (error) {
      throw asTakenConflict(error);
    }
    if (!completed) throw new AppError('FORBIDDEN', M.notYourAccount);
    await deps.verification.sendAfterSignup(account.id, input.email);
    return sessions.session(account.id);
  }

  /** Spec 001 §7 check-entitlements, answered from the in-app tier and the payment row. */
  async function checkEntitlements(account: SessionAccount, userId: string) {
    assertOwn(account, userId);
    const session = await sessions.session(account.id);
    const payment = await repository.paymentSubscription(account.id);
    const paid = payment?.subscription_status === 'active' || payment?.subscription_status === 'trialing';
    const tierEntitled = session.userType === 'artist' && session.subscriptionTier !== 'free';
    const has = paid || tierEntitled;
    return {
      hasArtistEntitlement: has,
      entitlements: has ? ['artist_pro'] : [],
      subscriber: { tier: session.subscriptionTier, paymentStatus: payment?.subscription_status ?? null },
      expiresDate: payment?.current_period_end ? new Date(payment.current_period_end).toISOString() : null,
      warning: null,
      error: null,
    };
  }

  return {
    createCheckoutAccount,
    checkoutIdentity,
    replaceTemporaryEmail,
    completeCheckoutSignup,
    checkEntitlements,
  };
}

export type CheckoutAccounts = ReturnType<typeof createCheckoutAccounts>;
