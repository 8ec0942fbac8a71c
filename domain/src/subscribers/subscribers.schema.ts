import { z } from 'zod';
import { FORM_LIMITS, isEmailShaped } from '../forms/forms.schema';
import { FORM_MESSAGES } from '../forms/forms-messages';
import { INTEREST_GENRES } from '../genres';
import { USER_ROLES } from '../tiers';
import { INTEREST_MESSAGES } from './subscribers-messages';

const text = (max: number) => z.string().max(max).optional();

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
