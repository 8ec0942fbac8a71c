import { z } from 'zod';
import { PRO_PLAN } from '../tiers';

/** Spec 001 §7: the profile upgrade names what it upgrades from, or the track limit it lifts. */
export const UPGRADE_FROM = ['free', 'trial'] as const;
export const UPGRADE_TYPES = ['track_limit_upgrade'] as const;

/**
 * POST /functions/v1/create-checkout (spec 000 §7, spec 001 §7), with the spec's field names.
 * The server takes the user from the session and builds the metadata itself; what the body says
 * of them is checked, never trusted.
 */
export const createCheckoutRequestSchema = z.object({
  price_id: z.literal(PRO_PLAN.priceId),
  success_url: z.string().min(1).max(2000),
  cancel_url: z.string().min(1).max(2000),
  mode: z.literal(PRO_PLAN.mode),
  user_id: z.uuid().optional(),
  metadata: z
    .object({
      product_id: z.literal(PRO_PLAN.productId).optional(),
      user_id: z.uuid().optional(),
      upgrade_from: z.enum(UPGRADE_FROM).optional(),
      upgrade_type: z.enum(UPGRADE_TYPES).optional(),
    })
    .optional(),
});
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequestSchema>;

export const createCheckoutResponseSchema = z.object({ url: z.string(), sessionId: z.string() });

export const PAYMENT_MESSAGES = {
  returnUrlNotAllowed: 'The return address must be a Klang checkout page.',
  alreadySubscribed: 'You already have an active Artist Pro subscription.',
  checkoutExpired: 'This checkout session has expired.',
  checkoutNotFound: 'This checkout session does not exist.',
} as const;

/**
 * POST /functions/v1/create-checkout-user: the temporary anonymous user a visitor checks out as
 * (spec 000 §4), bound to this browser by its session. update-user-email later gives it the real address.
 */
export const checkoutUserResponseSchema = z.object({
  user_id: z.uuid(),
  is_temporary: z.boolean(),
});
