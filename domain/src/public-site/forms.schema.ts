import { z } from 'zod';
import { INTEREST_GENRES } from '../genres';
import { USER_ROLES } from '../tiers';
import { FORM_MESSAGES, INTEREST_MESSAGES } from './public-site-messages';

/** "Looks like {email}" (spec 000 §5): something, an @, something, a dot, something; no spaces. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const FORM_LIMITS = { name: 200, email: 320, message: 10_000, token: 8_192, username: 64 } as const;

// Bodies are read loosely (every field an optional string) so that the server can answer with
// the spec's first message in the spec's order, instead of a schema library's wording.
const text = (max: number) => z.string().max(max).optional();

export const contactSubmissionSchema = z.object({
  name: text(FORM_LIMITS.name),
  email: text(FORM_LIMITS.email),
  message: text(FORM_LIMITS.message),
  captcha_token: text(FORM_LIMITS.token),
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

export const bugReportSchema = z.object({
  name: text(FORM_LIMITS.name),
  email: text(FORM_LIMITS.email),
  description: text(FORM_LIMITS.message),
  captcha_token: text(FORM_LIMITS.token),
});
export type BugReport = z.infer<typeof bugReportSchema>;

export function isEmailShaped(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim());
}

/** Returns the field and message of the first rule broken, in the order of spec 000 §5, or null. */
export function validateContactForm(
  form: Partial<Record<'name' | 'email' | 'body' | 'captcha', string | undefined>>,
  kind: 'contact' | 'bug',
): { field: 'name' | 'email' | 'body' | 'captcha'; message: string } | null {
  if (!form.name?.trim()) return { field: 'name', message: FORM_MESSAGES.nameRequired };
  if (!form.email?.trim()) return { field: 'email', message: FORM_MESSAGES.emailRequired };
  if (!isEmailShaped(form.email)) return { field: 'email', message: FORM_MESSAGES.emailInvalid };
  if (!form.body?.trim()) {
    const message = kind === 'contact' ? FORM_MESSAGES.messageRequired : FORM_MESSAGES.bugDescriptionRequired;
    return { field: 'body', message };
  }
  if (!form.captcha) return { field: 'captcha', message: FORM_MESSAGES.captchaRequired };
  return null;
}

export const formSubmittedSchema = z.object({ success: z.literal(true) });

export const IOS_BETA_CHOICES = ['yes', 'no'] as const;

/** The body of POST /rest/v1/subscribers: the subscribers entity of spec 000 §3, field for field. */
export const subscriberInsertSchema = z.object({
  role: z.string().max(16).optional(),
  name: text(FORM_LIMITS.name),
  artist_name: z.string().max(FORM_LIMITS.name).nullable().optional(),
  email: text(FORM_LIMITS.email),
  username: z.string().max(FORM_LIMITS.username).nullable().optional(),
  marketing_opt_in: z.boolean().optional(),
  genre: z.string().max(64).nullable().optional(),
  ios_beta_interest: z.string().max(8).nullable().optional(),
});
export type SubscriberInsert = z.infer<typeof subscriberInsertSchema>;

export type InterestField = 'role' | 'name' | 'email' | 'artist_name' | 'genre' | 'ios_beta_interest';

/** The interest form's rules (spec 000 §5), first broken rule first; null when the form is valid. */
export function validateInterestForm(
  form: SubscriberInsert,
): { field: InterestField; message: string } | null {
  if (!form.name?.trim()) return { field: 'name', message: FORM_MESSAGES.nameRequired };
  if (!form.email?.trim()) return { field: 'email', message: FORM_MESSAGES.emailRequired };
  if (!isEmailShaped(form.email)) return { field: 'email', message: FORM_MESSAGES.emailInvalid };
  if (form.role === 'artist') {
    if (!form.artist_name?.trim())
      return { field: 'artist_name', message: INTEREST_MESSAGES.artistNameRequired };
    if (!form.genre || !(INTEREST_GENRES as readonly string[]).includes(form.genre)) {
      return { field: 'genre', message: INTEREST_MESSAGES.genreRequired };
    }
  }
  if (!form.ios_beta_interest || !(IOS_BETA_CHOICES as readonly string[]).includes(form.ios_beta_interest)) {
    return { field: 'ios_beta_interest', message: INTEREST_MESSAGES.iosBetaRequired };
  }
  if (!form.role || !(USER_ROLES as readonly string[]).includes(form.role)) {
    return { field: 'role', message: 'Please choose listener or artist' };
  }
  return null;
}

/** The row the interest form stores: email trimmed and lower-cased, artist-only fields null otherwise. */
export function normaliseSubscriber(form: SubscriberInsert) {
  const isArtist = form.role === 'artist';
  return {
    role: isArtist ? ('artist' as const) : ('listener' as const),
    name: (form.name ?? '').trim(),
    artist_name: isArtist ? (form.artist_name ?? '').trim() : null,
    email: (form.email ?? '').trim().toLowerCase(),
    // An empty username is no username (spec 000 §5: optional, else null).
    username: form.username?.trim() ? form.username.trim() : null,
    marketing_opt_in: form.marketing_opt_in === true,
    genre: isArtist ? (form.genre ?? null) : null,
    ios_beta_interest: form.ios_beta_interest === 'yes' ? ('yes' as const) : ('no' as const),
  };
}

export const unsubscribeRequestSchema = z.object({ email: z.string().max(FORM_LIMITS.email).optional() });
export const unsubscribeResponseSchema = z.object({ success: z.boolean(), message: z.string().optional() });

export const CAPTCHA_PROVIDERS = ['altcha', 'hcaptcha', 'turnstile'] as const;
export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number];

/** What the browser needs to show the configured captcha. */
export const captchaConfigSchema = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS),
  siteKey: z.string().optional(),
  challengeUrl: z.string().optional(),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;

/**
 * A demo track as the landing page's player first gets it: blind, like the real player (spec 000
 * §4 Demo player): audio only, no title, artist or cover until the visitor presses like.
 */
export const demoTrackSchema = z.object({
  id: z.uuid(),
  audioUrl: z.string(),
});
export type DemoTrack = z.infer<typeof demoTrackSchema>;
export const demoTracksResponseSchema = z.object({ tracks: z.array(demoTrackSchema) });

/** What a like on a demo track reveals: its reveal card (spec 000 §4). */
export const demoTrackRevealSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  artist: z.string(),
  coverUrl: z.string().nullable(),
});
export type DemoTrackReveal = z.infer<typeof demoTrackRevealSchema>;

/** What POST /functions/v1/create-checkout answers (spec 000 §7): the payment page's URL. */
export const checkoutStartResponseSchema = z.object({ url: z.string().optional() }).loose();
