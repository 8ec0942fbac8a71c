import { createHash, randomBytes } from 'node:crypto';
import sharp from 'sharp';
import {
  ACCOUNT_MESSAGES as M,
  DEFAULT_SUBSCRIPTION_TIER,
  DEMO_ACCOUNT,
  INVITE_MESSAGES,
  LIMITS,
  MESSAGES,
  PASSWORD_CHANGE_MESSAGES,
  SIGNUP_TRIAL_DAYS,
  type Session,
  type SubscriptionTier,
  type UserRole,
  type artistSignupSchema,
  type listenerSignupSchema,
  type profileUpdateSchema,
} from '@klang/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { BUCKETS, newStorageKey, type Bucket, type StorageProvider } from '../../providers/storage/storage';
import type { SessionAccount } from '../../plugins/session';
import type { AccountsRepository, ProfileRow } from './accounts.repository';
import type { EmailVerification } from './email-verification.service';
import { InviteUnavailableError } from './invites.repository';
import type { InvitesService } from './invites.service';
import type { LoginChallenge } from './login-challenge';
import { hashPassword, verifyPassword } from './password';

/** Temporary checkout users' throwaway addresses live under this reserved domain (RFC 2606). */
const CHECKOUT_ACCOUNT_DOMAIN = 'checkout.klang.invalid';

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

const PROFILE_IMAGE_URL_SECONDS = 3600;
const PROFILE_IMAGE_PIXELS = 512;
/** The formats a profile photo may be, by its decoded bytes (product-decisions.md Uploads). */
const PROFILE_IMAGE_FORMATS: ReadonlySet<string | undefined> = new Set(['jpeg', 'png', 'webp']);

export interface EmailSender {
  send(input: { template: string; to: string; subject: string; text: string }): Promise<{ emailId: string }>;
}

export interface AccountsServiceDeps {
  repository: AccountsRepository;
  storage: StorageProvider;
  email: EmailSender;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
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
  /** One hit on a shared rate-limit counter (the rate-limit plugin's): the hits in its window so far. */
  countHit: (key: string, windowMs: number) => Promise<number>;
  /** What time it is for the rules that count days (the signup trial); the real clock by default. */
  clock?: () => Date;
}

/** The spec's update-user-profile metadata, as far as the profile keeps it. */
export interface ProfileMetadata {
  username?: string | undefined;
  artist_name?: string | undefined;
  bio?: string | null | undefined;
  instagram?: string | null | undefined;
  website?: string | null | undefined;
}

/** A field the call left out keeps its value; an empty one clears it. */
function keepOrClear(sent: string | null | undefined, current: string | null | undefined): string | null {
  if (sent === undefined) return current ?? null;
  return sent === null || sent === '' ? null : sent;
}

/** Two signups racing for one email or username: the unique index decides, and says which. */
function asTakenConflict(error: unknown): unknown {
  if (!isUniqueViolation(error)) return error;
  const onEmail = ((error as { constraint?: string }).constraint ?? '').includes('email');
  return onEmail
    ? new AppError('CONFLICT', M.emailAlreadyRegistered, { email: M.emailAlreadyRegistered })
    : new AppError('CONFLICT', M.usernameTaken, { username: M.usernameTaken });
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** True when the signed-in account is the shared demo account (spec 001 §4 Demo login). */
export function isDemoAccount(account: SessionAccount | null): boolean {
  return account?.email === DEMO_ACCOUNT.email;
}

/** Refuses an action the demo account may not take (spec 001 §6), with the spec's message. */
export function assertNotDemo(account: SessionAccount | null, message: string): void {
  if (isDemoAccount(account)) throw new AppError('FORBIDDEN', message);
}

export function createAccountsService(deps: AccountsServiceDeps) {
  const { repository, storage, loginChallenge } = deps;
  const now = deps.clock ?? (() => new Date());
  // A real Argon2id hash to verify against when no account matched, so an unknown email takes as
  // long as a wrong password and timing does not tell which emails are registered. Made now, not
  // at the first unknown email, so that first answer does not take one hash longer.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  /** Removes a removed account's stored files; one that will not go is logged, not fatal. */
  async function removeFiles(files: readonly { bucket: string; storage_key: string }[]): Promise<void> {
    for (const file of files) {
      if (!(BUCKETS as readonly string[]).includes(file.bucket)) continue;
      await storage.delete(file.bucket as Bucket, file.storage_key).catch((error: unknown) => {
        deps.log.warn({ err: error, bucket: file.bucket }, 'stored file of a deleted account not removed');
      });
    }
  }

  async function throttle(key: string, limit: { max: number; windowMs: number }): Promise<void> {
    const hits = await deps.countHit(key, limit.windowMs);
    if (hits > limit.max) throw new AppError('RATE_LIMITED', MESSAGES.tooManyRequests);
  }

  async function assertUsernameFree(username: string, exceptId: string | null): Promise<void> {
    if (await repository.isUsernameTaken(username, exceptId)) {
      throw new AppError('CONFLICT', M.usernameTaken, { username: M.usernameTaken });
    }
  }

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
    await throttle(`signup email ${input.email}`, ACCOUNT_LIMITS.signupPerEmail);
    if (await repository.findByEmail(input.email)) {
      throw new AppError('CONFLICT', M.emailAlreadyRegistered, { email: M.emailAlreadyRegistered });
    }
    await assertUsernameFree(input.username, null);
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

  async function toSession(row: ProfileRow): Promise<Session> {
    // Spec 002 §4: artist profile, else listener profile, else the role, else listener.
    const userType: UserRole = row.has_artist
      ? 'artist'
      : row.has_listener
        ? 'listener'
        : (row.role ?? 'listener');
    const subscriptionTier: SubscriptionTier =
      (row.has_artist ? row.artist_tier : row.has_listener ? row.listener_tier : null) ??
      DEFAULT_SUBSCRIPTION_TIER;
    const profileImageUrl = row.image_key
      ? await storage.signedUrl('profile-images', row.image_key, {
          expiresInSeconds: PROFILE_IMAGE_URL_SECONDS,
          contentType: 'image/jpeg',
        })
      : null;
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
              profileImageUrl,
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

  return {
    async session(accountId: string): Promise<Session> {
      const row = await repository.loadProfile(accountId);
      if (!row) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
      return toSession(row);
    },

    /**
     * The app's signed-in account, or null. A temporary checkout user is not one: it exists only
     * to pay and finish its signup (payments module), so the app treats its browser as signed out.
     */
    async appSession(accountId: string): Promise<Session | null> {
      const row = await repository.loadProfile(accountId);
      return row && !row.is_temporary ? toSession(row) : null;
    },

    /**
     * Spec 000 §2 /signup/listener, open to anyone; with an invite link the invite is checked
     * first (its message before any other work) and used up in the signup's own transaction.
     */
    async signupListener(input: z.output<typeof listenerSignupSchema>): Promise<string> {
      if (input.inviteToken !== undefined) await deps.invites.assertOpen(input.inviteToken);
      return createAccount('listener', {
        ...input,
        artistName: null,
        bio: null,
        instagram: null,
        website: null,
      });
    },

    /** Spec 001 §4 Artist signup (the free path): profile rows, user_xp, then the welcome email. */
    async signupArtist(input: z.output<typeof artistSignupSchema>): Promise<string> {
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
    },

    /**
     * Spec 001 §4 Artist signup (completion): the temporary checkout user bound to this browser
     * becomes the artist, with the trial when its checkout succeeded (14 days, product-decisions.md).
     * The welcome email is the screen's next step (send-email), as the spec sequences it.
     */
    async completeCheckoutSignup(
      account: SessionAccount,
      input: z.output<typeof artistSignupSchema>,
      checkoutSucceeded: boolean,
    ): Promise<Session> {
      await throttle(`signup email ${input.email}`, ACCOUNT_LIMITS.signupPerEmail);
      const holder = await repository.findByEmail(input.email);
      if (holder && holder.id !== account.id) {
        throw new AppError('CONFLICT', M.emailAlreadyRegistered, { email: M.emailAlreadyRegistered });
      }
      await assertUsernameFree(input.username, account.id);
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
          trialEnd: checkoutSucceeded ? new Date(now().getTime() + SIGNUP_TRIAL_DAYS * 86_400_000) : null,
        });
      } catch (error) {
        throw asTakenConflict(error);
      }
      if (!completed) throw new AppError('FORBIDDEN', M.notYourAccount);
      await deps.verification.sendAfterSignup(account.id, input.email);
      return this.session(account.id);
    },

    /**
     * Spec 001 §5 Login: an identifier without @ is a username and is looked up first. After
     * several failures at one account the attempt needs a solved captcha, checked before the
     * password (decision 0253). A known address with a wrong password and an unknown one do the
     * same work: one Argon2 verification, one failure counted (decision 0256).
     */
    async login(
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
        await throttle(
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
    },

    /**
     * Sends a one-hour, single-use link; says nothing about whether the email is registered.
     * Counted per address and email (decision 0254): requests from elsewhere never spend the
     * owner's.
     */
    async requestPasswordReset(email: string, address: string): Promise<void> {
      await throttle(`reset email ${email} from ${address}`, ACCOUNT_LIMITS.resetPerAddressAndEmail);
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
    },

    async isResetTokenValid(token: string): Promise<boolean> {
      return repository.isResetTokenUsable(sha256(token));
    },

    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const accountId = await repository.consumeResetToken(sha256(token));
      if (!accountId) throw new AppError('VALIDATION_FAILED', M.resetLinkInvalid);
      await repository.updatePassword(accountId, await hashPassword(password), null);
    },

    async changePassword(account: SessionAccount, current: string, next: string, keepSession: string | null) {
      assertNotDemo(account, M.demoPassword);
      await throttle(`login account ${account.id}`, ACCOUNT_LIMITS.loginPerAccount);
      const row = await repository.findById(account.id);
      if (!row || !(await verifyPassword(row.password_hash, current))) {
        throw new AppError('VALIDATION_FAILED', PASSWORD_CHANGE_MESSAGES.currentPasswordWrong, {
          currentPassword: PASSWORD_CHANGE_MESSAGES.currentPasswordWrong,
        });
      }
      await repository.updatePassword(account.id, await hashPassword(next), keepSession);
    },

    /** Spec 001 §5 Settings save. */
    async updateProfile(
      account: SessionAccount,
      input: z.output<typeof profileUpdateSchema>,
    ): Promise<Session> {
      assertNotDemo(account, M.demoProfileEdit);
      const row = await repository.loadProfile(account.id);
      if (!row?.role) throw new AppError('NOT_FOUND', M.profileLoadFailed);
      const artistName = input.artistName?.trim() ?? '';
      if (row.role === 'artist' && !artistName) {
        throw new AppError('VALIDATION_FAILED', M.artistNameRequired, { artistName: M.artistNameRequired });
      }
      await assertUsernameFree(input.username, account.id);
      try {
        await repository.updateProfile(account.id, {
          username: input.username,
          artistName: row.role === 'artist' ? artistName : null,
          bio: input.bio,
          instagram: input.instagram,
          website: input.website,
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new AppError('CONFLICT', M.usernameTaken, { username: M.usernameTaken });
        throw error;
      }
      return this.session(account.id);
    },

    /**
     * Spec 001 §7 update-user-profile: the spec's metadata merged over the stored profile (a
     * field left out keeps its value, an empty one clears it), then saved as Settings saves it.
     */
    async updateProfileMetadata(
      account: SessionAccount,
      userId: string,
      meta: ProfileMetadata,
    ): Promise<void> {
      assertOwn(account, userId);
      const current = (await this.session(account.id)).profile;
      await this.updateProfile(account, {
        username: meta.username ?? current?.username ?? '',
        artistName: meta.artist_name ?? current?.artistName ?? undefined,
        bio: keepOrClear(meta.bio, current?.bio),
        instagram: keepOrClear(meta.instagram, current?.instagram),
        website: keepOrClear(meta.website, current?.website),
      });
    },

    /**
     * Spec 001 §7 update-user-email, the first step of the artist signup after checkout: only the
     * temporary checkout user bound to this session takes the address. The same address again is
     * a retry of the signup (its next step failed), not a conflict.
     */
    async replaceTemporaryEmail(account: SessionAccount, userId: string, newEmail: string): Promise<void> {
      assertOwn(account, userId);
      const email = newEmail.trim().toLowerCase();
      const holder = await repository.findByEmail(email);
      if (holder && holder.id !== account.id) {
        throw new AppError('CONFLICT', M.emailAlreadyRegistered, { email: M.emailAlreadyRegistered });
      }
      if (!(await repository.replaceTemporaryEmail(account.id, email))) {
        throw new AppError('FORBIDDEN', M.notYourAccount);
      }
    },

    /** Spec 001 §7 send-email (welcome): never an open relay, only to the account's own address. */
    async sendWelcome(
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
    },

    /**
     * Decodes and re-encodes the upload (no metadata survives), then stores it under an opaque
     * key. Only JPEG, PNG or WebP bytes are accepted whatever the label says (product-decisions.md
     * Uploads): sharp also renders SVG, GIF and TIFF, and an SVG is a document, not a photo.
     */
    async setProfileImage(account: SessionAccount, bytes: Buffer): Promise<string> {
      assertNotDemo(account, M.demoProfileEdit);
      if (bytes.length > LIMITS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.imageTooLarge);
      let jpeg: Buffer;
      try {
        const image = sharp(bytes, { limitInputPixels: 40_000_000 });
        const { format } = await image.metadata();
        if (!PROFILE_IMAGE_FORMATS.has(format)) throw new Error(`profile image format ${format}`);
        jpeg = await image
          .rotate()
          .resize(PROFILE_IMAGE_PIXELS, PROFILE_IMAGE_PIXELS, { fit: 'cover' })
          .jpeg({ quality: 90 })
          .toBuffer();
      } catch {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.imageInvalid);
      }
      const key = newStorageKey('jpg');
      const stored = await storage.put('profile-images', key, jpeg, { contentType: 'image/jpeg' });
      const oldKeys = await repository.setProfileImage(account.id, { storageKey: key, ...stored });
      await Promise.all(oldKeys.map((old) => storage.delete('profile-images', old).catch(() => undefined)));
      return storage.signedUrl('profile-images', key, {
        expiresInSeconds: PROFILE_IMAGE_URL_SECONDS,
        contentType: 'image/jpeg',
      });
    },

    /** Spec 001 §5 Delete account: the exact text, then every row and every stored file go. */
    async deleteAccount(account: SessionAccount, userId: string, confirmation: string): Promise<void> {
      assertOwn(account, userId);
      assertNotDemo(account, M.demoDelete);
      if (confirmation !== M.deleteConfirmation)
        throw new AppError('VALIDATION_FAILED', M.deleteConfirmationMismatch);
      await removeFiles(await repository.deleteAccount(account.id, deps.forgetListener));
    },

    /**
     * Discards a temporary checkout account through the same path as a deletion: its counters
     * undone, its rows and its files removed. False when it is kept (no longer temporary, or a
     * subscription was opened for it).
     */
    async discardTemporaryAccount(id: string): Promise<boolean> {
      const files = await repository.discardTemporaryAccount(id, deps.forgetListener);
      if (!files) return false;
      await removeFiles(files);
      return true;
    },

    /**
     * Spec 001 §4: the demo user's likes and dislikes are cleared at each demo login, and with
     * them what the previous visitor made in the Kit (SoundLab presets).
     */
    async clearDemoInteractions(account: SessionAccount, demoUserId: string): Promise<void> {
      assertOwn(account, demoUserId);
      if (!isDemoAccount(account)) throw new AppError('FORBIDDEN', MESSAGES.accessDenied);
      await repository.clearInteractions(account.id, deps.forgetListener);
      await deps.clearDemoWork(account.id);
    },

    /**
     * The account as a checkout needs it: its address, and whether it is a temporary checkout
     * user (whose throwaway address the payment page must not be given). Undefined once it is gone.
     */
    async checkoutIdentity(
      accountId: string,
    ): Promise<{ id: string; email: string; isTemporary: boolean } | undefined> {
      const row = await repository.findCheckoutIdentity(accountId);
      return row && { id: row.id, email: row.email, isTemporary: row.is_temporary };
    },

    /**
     * A temporary checkout user (decision 0132): a throwaway address under a reserved domain and
     * no password at all, so nobody can sign in as it; only the session its caller makes holds
     * it. `alongside` runs in its transaction (the payments area queues its removal there).
     */
    createCheckoutAccount(alongside: (tx: Queryable, accountId: string) => Promise<void>): Promise<string> {
      const email = `checkout-${randomBytes(12).toString('hex')}@${CHECKOUT_ACCOUNT_DOMAIN}`;
      return repository.createCheckoutAccount(email, alongside);
    },

    /** Spec 001 §7 check-entitlements, answered from the in-app tier and the payment row. */
    async checkEntitlements(account: SessionAccount, userId: string) {
      assertOwn(account, userId);
      const session = await this.session(account.id);
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
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** Spec bodies name a user id; the server acts only on the signed-in user (issue 4 §10). */
export function assertOwn(account: SessionAccount, userId: string): void {
  if (account.id !== userId) throw new AppError('FORBIDDEN', M.notYourAccount);
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
