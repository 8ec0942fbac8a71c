import { z } from 'zod';

/** First-party analytics (spec 002 §4 page views, spec 000 §2 artist signup clicks). */
export const ANALYTICS_EVENT_NAMES = [
  'page_view',
  'signup_free_account_click',
  'signup_paid_account_click',
  'signup_checkout_started',
] as const;

export const analyticsEventSchema = z.object({
  name: z.enum(ANALYTICS_EVENT_NAMES),
  path: z
    .string()
    .min(1)
    .max(512)
    .regex(/^\/[^\s]*$/, 'A path starts with /'),
  referrer: z.string().max(1024).optional(),
  visitorId: z.uuid().optional(),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()]))
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
