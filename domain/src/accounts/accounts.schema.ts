import { z } from 'zod';
import { ACCOUNT_MESSAGES as M, PASSWORD_CHANGE_MESSAGES } from './accounts-messages';
import { FORM_LIMITS } from '../forms/forms.schema';
import { LIMITS } from '../limits';
import { INVITE_MESSAGES } from './invites.schema';
import { SUBSCRIPTION_TIERS, USER_ROLES } from '../tiers';

/** Lower-cased, trimmed: accounts.email is stored this way (data-model.md). */
const email = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .pipe(z.email({ error: M.emailInvalid }))
  .transform((value) => value.toLowerCase());

/** Spec 001 §5: one word; the database check allows letters, digits, _ . - up to 32. */
export const usernameSchema = z
  .string({ error: M.usernameRequired })
  .trim()
  .min(1, M.usernameRequired)
  .regex(/^\S+$/, M.usernameOneWord)
  .regex(/^[A-Za-z0-9_.-]{1,32}$/, M.usernameOneWord);

export const newPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(LIMITS.passwordMinLength, M.passwordTooShort)
  // Argon2 costs the same for any length, but an unbounded body is still a denial-of-service lever.
  .max(256, M.passwordTooShort);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === undefined || value === '' ? null : value));

/** An http(s) address, or nothing: a link the app renders may never be a script or a data URL. */
const httpUrl = z.url({ protocol: /^https?$/ });
const isHttpUrl = (value: string) => httpUrl.safeParse(value).success;
const websiteSchema = optionalText(300).refine((value) => value === null || isHttpUrl(value), {
  error: M.websiteInvalid,
});
/** A handle (the app links it to instagram.com) or an http(s) address. */
const instagramSchema = optionalText(100).refine(
  (value) => value === null || /^@?[A-Za-z0-9._]{1,30}$/.test(value) || isHttpUrl(value),
  { error: M.instagramInvalid },
);

export const listenerSignupSchema = z.object({
  username: usernameSchema,
  email,
  password: newPasswordSchema,
  /** An invite link's token (product-decisions.md Invites); the signup is open without one. */
  inviteToken: z.string({ error: INVITE_MESSAGES.invalid }).max(128, INVITE_MESSAGES.invalid).optional(),
});
export type ListenerSignup = z.input<typeof listenerSignupSchema>;

export const artistSignupSchema = z.object({
  username: usernameSchema,
  artistName: z.string({ error: M.artistNameRequired }).trim().min(1, M.artistNameRequired).max(100),
  // Spec 001 §5: bio shows a field error when missing at artist signup; settings may clear it.
  bio: z.string({ error: M.bioRequired }).trim().min(1, M.bioRequired).max(1000),
  instagram: instagramSchema,
  website: websiteSchema,
  email,
  password: newPasswordSchema,
});
export type ArtistSignup = z.input<typeof artistSignupSchema>;

export const loginSchema = z.object({
  identifier: z.string({ error: M.identifierRequired }).trim().min(1, M.identifierRequired).max(254),
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(256),
  /** A solved captcha, needed once the account's sign-ins failed several times (decision 0253). */
  captchaToken: z.string().max(FORM_LIMITS.token).optional(),
});
export type LoginInput = z.input<typeof loginSchema>;

export const resetRequestSchema = z.object({
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(254, M.emailInvalidReset)
    .pipe(z.email({ error: M.emailInvalidReset }))
    .transform((value) => value.toLowerCase()),
});

export const resetConfirmSchema = z.object({
  token: z.string().min(16).max(128),
  password: newPasswordSchema,
});

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: PASSWORD_CHANGE_MESSAGES.currentPasswordRequired })
    .min(1, PASSWORD_CHANGE_MESSAGES.currentPasswordRequired)
    .max(256),
  newPassword: newPasswordSchema,
});

export const profileUpdateSchema = z.object({
  username: usernameSchema,
  /** Required for artists, ignored for listeners (spec 001 §5 Settings save): the server decides. */
  artistName: z.string().trim().max(100).optional(),
  bio: optionalText(1000),
  instagram: instagramSchema,
  website: websiteSchema,
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const deleteAccountSchema = z.object({
  user_id: z.uuid(),
  confirmation_text: z.string().max(100),
});

export const accountProfileSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  role: z.enum(USER_ROLES),
  artistName: z.string().nullable(),
  bio: z.string().nullable(),
  instagram: z.string().nullable(),
  website: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  trialEndDate: z.string().nullable(),
  followers: z.number().int(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

/** What `GET /api/accounts/session` and every sign-in answer: the signed-in account as the app needs it. */
export const sessionSchema = z.object({
  user: z.object({ id: z.uuid(), email: z.string() }),
  profile: accountProfileSchema.nullable(),
  /** Spec 002 §4: artist profile, else listener profile, else role, else listener. */
  userType: z.enum(USER_ROLES),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  isDemo: z.boolean(),
  isAdmin: z.boolean(),
  /** Whether the account confirmed its address (decision 0255); the profile asks until it has. */
  emailVerified: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionStateSchema = z.object({ session: sessionSchema.nullable() });

export const okSchema = z.object({ ok: z.literal(true) });

export const profileImageResultSchema = z.object({ profileImageUrl: z.string() });

export const resetTokenSchema = z.object({ token: z.string().max(128) });
export const verifyEmailSchema = z.object({ token: z.string().min(16).max(128) });
export const resetCheckSchema = z.object({ valid: z.boolean() });
export const successSchema = z.object({ success: z.literal(true) });
export const clearDemoResultSchema = z.object({ error: z.null() });

/** update-user-profile's `userMetadata` (spec 001 §7), with the spec's field names. */
export const userMetadataSchema = z.object({
  email: z.string().optional(),
  username: usernameSchema.optional(),
  artist_name: z.string().trim().max(100).optional(),
  role: z.enum(['artist', 'listener']).optional(),
  bio: z.string().trim().max(1000).nullish(),
  instagram: z.string().trim().max(100).nullish(),
  website: z.string().trim().max(300).nullish(),
  checkout_status: z.string().max(40).optional(),
  is_temporary: z.boolean().optional(),
});
export type UserMetadata = z.infer<typeof userMetadataSchema>;

export const updateUserProfileSchema = z.object({ userId: z.uuid(), userMetadata: userMetadataSchema });
export const clearDemoInteractionsSchema = z.object({ demoUserId: z.uuid() });
export const checkEntitlementsSchema = z.object({ user_id: z.uuid() });
export const updateUserEmailSchema = z.object({ userId: z.uuid(), newEmail: z.email().max(254) });
/** send-email's body (spec 000 §7): the welcome email is the one type it sends. */
export const sendEmailSchema = z.object({
  emailType: z.literal('welcome'),
  to: z.string().max(254),
  data: z.object({ artistName: z.string().max(100), username: z.string().max(32) }).loose(),
});

/** Spec 001 §3 Entitlement result, as check-entitlements answers it. */
export const entitlementsSchema = z.object({
  hasArtistEntitlement: z.boolean(),
  entitlements: z.array(z.string()),
  subscriber: z.object({ tier: z.enum(SUBSCRIPTION_TIERS), paymentStatus: z.string().nullable() }),
  expiresDate: z.string().nullable(),
  warning: z.string().nullable(),
  error: z.string().nullable(),
});
export type Entitlements = z.infer<typeof entitlementsSchema>;
