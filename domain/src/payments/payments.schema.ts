import { z } from 'zod';
import { PRO_PLAN, SUBSCRIPTION_TIERS } from '../tiers';
import { artistSignupSchema } from '../accounts/accounts.schema';

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

/** What create-checkout answers (spec 000 §7): the payment page's URL, and its session's id. */
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

/**
 * The checkout's signup completion (`paymentsEndpoints.completeCheckoutSignup`): the artist signup after a successful checkout (spec 001 §4):
 * the temporary checkout user bound to this browser becomes the artist, with the checkout session
 * the payment page returned with.
 */
export const checkoutSignupSchema = artistSignupSchema.extend({
  session_id: z.string().min(1).max(200).nullable(),
});

/** The checkout's signup state: whether this browser holds a temporary checkout user. */
export const checkoutSignupStateSchema = z.object({ temporary_user_id: z.uuid().nullable() });

/** The plan as the Subscription tab in Settings shows it. */
export const subscriptionStateSchema = z.object({
  tier: z.enum(SUBSCRIPTION_TIERS),
  /** The provider's status (Stripe's words), or null when no checkout was ever completed. */
  status: z.string().nullable(),
  provider: z.enum(['stripe', 'local']).nullable(),
  currentPeriodEnd: z.string().nullable(),
  trialEnd: z.string().nullable(),
  /** The in-app trial's end (product-decisions.md: 14 days after a signup that followed a checkout). */
  trialEndDate: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /** Whether there is a subscription to cancel, resume or manage billing for. */
  canManage: z.boolean(),
});
export type SubscriptionState = z.infer<typeof subscriptionStateSchema>;

export const billingPortalResponseSchema = z.object({ url: z.string() });

/** The profile upgrade and signup completion texts (spec 001 §2, §4, §8). */
/** Stripe's status words as an artist reads them (the Subscription tab and the local billing page). */
const STATUS_LABELS: Record<string, string> = {
  trialing: 'Free trial',
  active: 'Active',
  past_due: 'Payment overdue',
  unpaid: 'Unpaid',
  paused: 'Paused',
  canceled: 'Cancelled',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
};

export function subscriptionStatusLabel(status: string | null): string {
  return status ? (STATUS_LABELS[status] ?? status) : 'No subscription';
}

export const UPGRADE_MESSAGES = {
  modalTitle: 'Upgrade to Artist Pro',
  successful: 'Upgrade Successful!',
  cancelled: 'Upgrade Cancelled',
  failed: 'Failed to start upgrade process',
  completeTitle: 'Complete Your Artist Profile',
  createTitle: 'Create Your Artist Profile',
  creatingProfile: 'Creating profile...',
  linkingPayment: 'Linking payment...',
  sendingWelcome: 'Sending welcome email...',
  completeButton: 'Complete Setup & Activate',
  createButton: 'Create Artist Profile',
  noSubscription: 'There is no subscription to manage on this account.',
} as const;

/** How long the return banner stays on /profile before the query is stripped (spec 001 §9). */
export const CHECKOUT_BANNER_MS = 5_000;

/** POST /functions/v1/send-email's answer (spec 001 §7). */
export const sendEmailResponseSchema = z.object({ emailId: z.string() });

/**
 * POST /functions/v1/debug-purchase (spec 001 §7): re-reads the subscription from the provider
 * for the signed-in user, whose id the body must name.
 */
export const debugPurchaseRequestSchema = z.object({ user_id: z.uuid() });

export const debugPurchaseSchema = z.object({
  debug_info: z.object({
    has_stripe_customer: z.boolean(),
    stripe_subscription_active: z.boolean(),
    has_revenuecat_subscriber: z.boolean(),
    revenuecat_entitlements: z.array(z.string()),
  }),
});

/**
 * What POST /functions/v1/stripe-webhook answers once the event is recorded: `duplicate` when
 * this event id was recorded before (Stripe delivers at least once).
 */
export const webhookReceiptSchema = z.object({ received: z.literal(true), duplicate: z.boolean() });
