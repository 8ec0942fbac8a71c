import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES as M,
  DEFAULT_SUBSCRIPTION_TIER,
  DEMO_ACCOUNT,
  MESSAGES,
  type CallerKind,
  type Session,
  type SubscriptionTier,
  type UserRole,
} from '@klang/domain';
import { AppError } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import { ACCOUNT_LIMITS, profileImageUrl, type AccountChecks } from './account-rules';
import type { AccountsRepository, ProfileRow } from './accounts.repository';
import type { LoginChallenge } from './login-challenge';
import { hashPassword, verifyPassword } from './password';

/**
 * Who is signed in: the session an account's screens read, and signing in (spec 001 §5 Login).
 * Starting and ending the cookie's session is the session plugin's; this decides whose it is.
 */
export function createAccountSessions(deps: {
  repository: Pick<AccountsRepository, 'loadProfile' | 'findByEmail' | 'findByUsername'>;
  storage: StorageProvider;
  checks: Pick<AccountChecks, 'throttle'>;
  /** The captcha that failed sign-ins at one account call for (decision 0253). */
  loginChallenge: LoginChallenge;
}) {
  const { repository, storage, checks, loginChallenge } = deps;
  // A real Argon2id hash to verify against when no account matched, so an unknown email takes as
  // long as a wrong password and timing does not tell which emails are registered. Made now, not
  // at the first unknown email, so that first answer does not take one hash longer.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  async function toSession(row: ProfileRow): Promise<Session> {
    const { userType, subscriptionTier } = kindOf(row);
    return {
      user: { id: row.id, email: row.email },
      profile:
        row.username && row.role
          ? {
              id: row.id,
              username: row.username,
              role: row.role,
              artistName: row.artist_name,
              bio: row.bio,
              instagram: row.instagram,
              website: row.website,
              profileImageUrl: row.image_key ? await profileImageUrl(storage, row.image_key) : null,
              trialEndDate: row.trial_end_date ? new Date(row.trial_end_date).toISOString() : null,
              followers: row.followers ?? 0,
            }
          : null,
      userType,
      subscriptionTier,
      isDemo: row.email === DEMO_ACCOUNT.email,
      isAdmin: row.is_admin,
      emailVerified: row.email_verified,
    };
  }

  /**
   * The caller's kind for an entry's role check (decision 0310): the session's own fields, without
   * the profile photo's signed URL the full view makes.
   */
  async function callerKind(accountId: string): Promise<CallerKind> {
    const row = await repository.loadProfile(accountId);
    if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
    return kindOf(row);
  }

  async function session(accountId: string): Promise<Session> {
    const row = await repository.loadProfile(accountId);
    if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
    return toSession(row);
  }

  /**
   * The app's signed-in account, or null. A temporary checkout user is not one: it exists only
   * to pay and finish its signup (payments module), so the app treats its browser as signed out.
   */
  async function appSession(accountId: string): Promise<Session | null> {
    const row = await repository.loadProfile(accountId);
    return row && !row.is_temporary ? toSession(row) : null;
  }

  /**
   * Spec 001 §5 Login: an identifier without @ is a username and is looked up first. After
   * several failures at one account the attempt needs a solved captcha, checked before the
   * password (decision 0253). A known address with a wrong password and an unknown one do the
   * same work: one Argon2 verification, one failure counted (decision 0256).
   */
  async function login(
    identifier: string,
    password: string,
    address: string,
    captchaToken?: string,
  ): Promise<string> {
    const isEmail = identifier.includes('@');
    const account = isEmail
      ? await repository.findByEmail(identifier.toLowerCase())
      : await repository.findByUsername(identifier);
    if (!account && !isEmail)
      throw new AppError('UNAUTHENTICATED', M.usernameNotFound, { identifier: M.usernameNotFound });
    // The per-account throttle stops password guessing; the demo account's password is public
    // and every visitor of /demo-login signs in to it, so it would only lock the demo for all.
    // Per-address limits still apply to it. The key is the account and the address together:
    // a stranger guessing from elsewhere spends their own attempts, never the owner's.
    // The challenge is skipped for the demo account too: a stranger's wrong guesses at a public
    // password would otherwise put a captcha in front of every demo visitor.
    const guarded = account?.email !== DEMO_ACCOUNT.email;
    const subject = loginChallenge.subjectOf(account?.id, identifier);
    if (guarded) {
      await checks.throttle(
        `login account ${account?.id ?? identifier.toLowerCase()} from ${address}`,
        ACCOUNT_LIMITS.loginPerAccount,
      );
      await loginChallenge.admit(subject, captchaToken, address);
    }
    const ok = await verifyPassword(account?.password_hash ?? (await dummyHash), password);
    if (!account?.password_hash || !ok) {
      if (guarded) await loginChallenge.recordFailure(subject);
      throw new AppError('UNAUTHENTICATED', M.invalidCredentials);
    }
    if (guarded) await loginChallenge.clear(subject);
    return account.id;
  }

  return { session, appSession, callerKind, login };
}

/** Spec 002 §4: artist profile, else listener profile, else the role, else listener. */
function kindOf(row: ProfileRow): CallerKind {
  const userType: UserRole = row.has_artist
    ? 'artist'
    : row.has_listener
      ? 'listener'
      : (row.role ?? 'listener');
  const subscriptionTier: SubscriptionTier =
    (row.has_artist ? row.artist_tier : row.has_listener ? row.listener_tier : null) ??
    DEFAULT_SUBSCRIPTION_TIER;
  return { userType, subscriptionTier, isAdmin: row.is_admin };
}

export type AccountSessions = ReturnType<typeof createAccountSessions>;
