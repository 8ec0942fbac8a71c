import { createHash } from 'node:crypto';
import { ACCOUNT_MESSAGES as M, DEMO_ACCOUNT, MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import type { SessionAccount } from '../../plugins/session';
import type { AccountsRepository } from './accounts.repository';

/**
 * What the accounts area's services share: the per-account limits, the demo and ownership
 * guards, the checks every path that names an email or a username makes, and the profile
 * photo's address. Other areas reach the guards through accounts.service.ts.
 */

/**
 * Per-account limits, counted before any hashing (performance-and-security.md B4). The
 * per-address limits sit on the routes (accounts.routes.ts) and run before the body is read.
 */
export const ACCOUNT_LIMITS = {
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  signupPerEmail: { max: 5, windowMs: 60 * 60_000 },
  /**
   * Reset mails for one email from one address (decision 0254). Never per email alone: a
   * stranger's requests would spend the owner's. The route's per-address limit bounds the rest.
   */
  resetPerAddressAndEmail: { max: 3, windowMs: 60 * 60_000 },
} as const;

export interface EmailSender {
  send(input: { template: string; to: string; subject: string; text: string }): Promise<{ emailId: string }>;
}

/** One hit on a shared rate-limit counter (the rate-limit plugin's): the hits in its window so far. */
export type CountHit = (key: string, windowMs: number) => Promise<number>;

export interface AccountLog {
  warn(details: object, message: string): void;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** True when the signed-in account is the shared demo account (spec 001 §4 Demo login). */
export function isDemoAccount(account: SessionAccount | null): boolean {
  return account?.email === DEMO_ACCOUNT.email;
}

/** Spec bodies name a user id; the server acts only on the signed-in user (issue 4 §10). */
export function assertOwn(account: SessionAccount, userId: string): void {
  if (account.id !== userId) throw new AppError('FORBIDDEN', M.notYourAccount);
}

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

const emailTaken = () =>
  new AppError('CONFLICT', M.emailAlreadyRegistered, { email: M.emailAlreadyRegistered });
const usernameTaken = () => new AppError('CONFLICT', M.usernameTaken, { username: M.usernameTaken });

/** Two signups racing for one email or username: the unique index decides, and says which. */
export function asTakenConflict(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  const onEmail = ((error as { constraint?: string }).constraint ?? '').includes('email');
  return onEmail ? emailTaken() : usernameTaken();
}

/** The checks every path that takes an email, a username or a password attempt makes first. */
export function createAccountChecks(deps: {
  repository: Pick<AccountsRepository, 'findByEmail' | 'isUsernameTaken'>;
  countHit: CountHit;
}) {
  const { repository } = deps;
  /** Counts one attempt under `key`; refuses once the window holds more than `limit.max`. */
  async function throttle(key: string, limit: { max: number; windowMs: number }): Promise<void> {
    const hits = await deps.countHit(key, limit.windowMs);
    if (hits > limit.max) throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
  }

  /** The email belongs to nobody, or to `exceptId` (the account taking it). */
  async function assertEmailFree(email: string, exceptId: string | null): Promise<void> {
    const holder = await repository.findByEmail(email);
    if (holder && holder.id !== exceptId) throw emailTaken();
  }

  async function assertUsernameFree(username: string, exceptId: string | null): Promise<void> {
    if (await repository.isUsernameTaken(username, exceptId)) throw usernameTaken();
  }

  return { throttle, assertEmailFree, assertUsernameFree };
}

export type AccountChecks = ReturnType<typeof createAccountChecks>;

const PROFILE_IMAGE_URL_SECONDS = 3600;

/** A profile photo's short-lived address: photos are private files, signed per session answer. */
export function profileImageUrl(storage: StorageProvider, key: string): Promise<string> {
  return storage.signedUrl('profile-images', key, {
    expiresInSeconds: PROFILE_IMAGE_URL_SECONDS,
    contentType: 'image/jpeg',
  });
}
