import {
  ACCOUNT_MESSAGES as M,
  INVITE_MESSAGES,
  type UserRole,
  type artistSignupSchema,
  type listenerSignupSchema,
} from '@klang/domain';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import {
  ACCOUNT_LIMITS,
  asTakenConflict,
  type AccountChecks,
  type AccountLog,
  type EmailSender,
} from './account-rules';
import type { AccountsRepository } from './accounts.repository';
import type { EmailVerification } from './email-verification.service';
import { InviteUnavailableError } from './invites.repository';
import type { InvitesService } from './invites.service';
import { hashPassword } from './password';

/**
 * New accounts (spec 000 §2, spec 001 §4): the listener's signup, open to anyone or through an
 * invite, the artist's free signup, and the welcome email. The artist signup that completes a
 * checkout is the checkout accounts' (checkout-accounts.service.ts).
 */
export function createSignup(deps: {
  repository: Pick<AccountsRepository, 'create'>;
  checks: AccountChecks;
  email: EmailSender;
  publicUrl: string;
  log: AccountLog;
  invites: Pick<InvitesService, 'assertOpen'>;
  /** Sends a new account the link that verifies its address (decision 0255). */
  verification: Pick<EmailVerification, 'sendAfterSignup'>;
}) {
  const { repository, checks } = deps;

  async function createAccount(
    role: UserRole,
    input: {
      username: string;
      email: string;
      password: string;
      artistName: string | null;
      bio: string | null;
      instagram: string | null;
      website: string | null;
      inviteToken?: string | null;
    },
  ): Promise<string> {
    await checks.throttle(`signup email ${input.email}`, ACCOUNT_LIMITS.signupPerEmail);
    await checks.assertEmailFree(input.email, null);
    await checks.assertUsernameFree(input.username, null);
    const passwordHash = await hashPassword(input.password);
    let id: string;
    try {
      id = await repository.create({ ...input, role, passwordHash });
    } catch (error) {
      if (error instanceof InviteUnavailableError) {
        throw new AppError('CONFLICT', INVITE_MESSAGES.used, { inviteToken: INVITE_MESSAGES.used });
      }
      throw asTakenConflict(error);
    }
    await deps.verification.sendAfterSignup(id, input.email);
    return id;
  }

  /**
   * Spec 000 §2 /signup/listener, open to anyone; with an invite link the invite is checked
   * first (its message before any other work) and used up in the signup's own transaction.
   */
  async function signupListener(input: z.output<typeof listenerSignupSchema>): Promise<string> {
    if (input.inviteToken !== undefined) await deps.invites.assertOpen(input.inviteToken);
    return createAccount('listener', {
      ...input,
      artistName: null,
      bio: null,
      instagram: null,
      website: null,
    });
  }

  /** Spec 001 §4 Artist signup (the free path): profile rows, user_xp, then the welcome email. */
  async function signupArtist(input: z.output<typeof artistSignupSchema>): Promise<string> {
    const id = await createAccount('artist', input);
    const dashboardUrl = new URL('/profile', deps.publicUrl).toString();
    const supportUrl = new URL('/contact', deps.publicUrl).toString();
    try {
      await deps.email.send({
        template: 'welcome',
        to: input.email,
        subject: `Welcome to Klang, ${input.artistName}`,
        text: [
          `Hi ${input.artistName},`,
          '',
          `Your artist profile @${input.username} is ready. Upload your first track and feature it in the player:`,
          dashboardUrl,
          '',
          `Questions? ${supportUrl}`,
        ].join('\n'),
      });
    } catch (error) {
      // Spec 001 §4: a welcome email that cannot be sent is skipped with a warning.
      deps.log.warn({ err: error }, 'welcome email not sent');
    }
    return id;
  }

  /** Spec 001 §7 send-email (welcome): never an open relay, only to the account's own address. */
  async function sendWelcome(
    account: SessionAccount,
    to: string,
    data: { artistName: string; username: string },
  ): Promise<{ emailId: string }> {
    if (to.trim().toLowerCase() !== account.email) throw new AppError('FORBIDDEN', M.notYourAccount);
    return deps.email.send({
      template: 'welcome',
      to: account.email,
      subject: `Welcome to Klang, ${data.artistName}`,
      text: `Hi ${data.artistName},\n\nYour artist profile @${data.username} is ready.`,
    });
  }

  return { signupListener, signupArtist, sendWelcome };
}

export type Signup = ReturnType<typeof createSignup>;
