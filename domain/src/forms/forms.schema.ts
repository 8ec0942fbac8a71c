import { z } from 'zod';
import { FORM_MESSAGES } from './forms-messages';

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

export const CAPTCHA_PROVIDERS = ['altcha', 'hcaptcha', 'turnstile'] as const;
export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number];

/** What the browser needs to show the configured captcha. */
export const captchaConfigSchema = z.object({
  provider: z.enum(CAPTCHA_PROVIDERS),
  siteKey: z.string().optional(),
  challengeUrl: z.string().optional(),
});
export type CaptchaConfig = z.infer<typeof captchaConfigSchema>;
