import type { Queryable } from '../../db/client';
import type { StorageProvider } from '../../providers/storage/storage';
import { createAccountChecks, type AccountLog, type CountHit, type EmailSender } from './account-rules';
import type { AccountsRepository } from './accounts.repository';
import { createCheckoutAccounts } from './checkout-accounts.service';
import { createAccountDeletion } from './deletion.service';
import type { EmailVerification } from './email-verification.service';
import type { InvitesService } from './invites.service';
import type { LoginChallenge } from './login-challenge';
import { createPasswords } from './passwords.service';
import { createProfile } from './profile.service';
import { createAccountSessions } from './sessions.service';
import { createSignup } from './signup.service';

// The guards other areas apply to a signed-in account (a module imports another's services only).
export { assertOwn, isDemoAccount } from './account-rules';

export interface AccountsServiceDeps {
  repository: AccountsRepository;
  storage: StorageProvider;
  email: EmailSender;
  publicUrl: string;
  log: AccountLog;
  /** What other areas keep of the shared demo account's session, cleared at each demo login. */
  clearDemoWork: (userId: string) => Promise<void>;
  /**
   * The player's rows of a listener, forgotten inside the account's removal transaction and at
   * the demo account's clearing (decision 0240): the counters their likes moved, their
   * interactions, grants and deals.
   */
  forgetListener: (tx: Queryable, userId: string) => Promise<void>;
  invites: Pick<InvitesService, 'assertOpen'>;
  /** The captcha that failed sign-ins at one account call for (decision 0253). */
  loginChallenge: LoginChallenge;
  /** Sends a new account the link that verifies its address (decision 0255). */
  verification: Pick<EmailVerification, 'sendAfterSignup'>;
  countHit: CountHit;
  /** What time it is for the rules that count days (the signup trial); the real clock by default. */
  clock?: () => Date;
}

/**
 * The accounts area's services, one per reason to change: who is signed in (`sessions`), new
 * accounts (`signup`), passwords, the profile, removal (`deletion`) and the account as checkout
 * and billing know it (`checkout`). Each receives only what it uses; none calls itself through
 * `this`, so any method can be handed on alone.
 */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { repository, storage } = deps;
  const checks = createAccountChecks({ repository, countHit: deps.countHit });
  const sessions = createAccountSessions({
    repository,
    storage,
    checks,
    loginChallenge: deps.loginChallenge,
  });
  return {
    sessions,
    signup: createSignup({
      repository,
      checks,
      email: deps.email,
      publicUrl: deps.publicUrl,
      log: deps.log,
      invites: deps.invites,
      verification: deps.verification,
    }),
    passwords: createPasswords({ repository, checks, email: deps.email, publicUrl: deps.publicUrl }),
    profile: createProfile({ repository, storage, checks, sessions }),
    deletion: createAccountDeletion({
      repository,
      storage,
      log: deps.log,
      forgetListener: deps.forgetListener,
      clearDemoWork: deps.clearDemoWork,
    }),
    checkout: createCheckoutAccounts({
      repository,
      checks,
      sessions,
      verification: deps.verification,
      now: deps.clock ?? (() => new Date()),
    }),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
