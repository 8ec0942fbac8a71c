import { sessionSchema } from '../accounts/accounts.schema';
import { ACCOUNT_MESSAGES } from '../accounts/accounts-messages';
import { defineEndpoints, endpoint, rawBody } from '../contract/endpoint';
import { perAddress } from '../contract/policy';
import {
  billingPortalResponseSchema,
  checkoutSignupSchema,
  checkoutSignupStateSchema,
  checkoutUserResponseSchema,
  createCheckoutRequestSchema,
  createCheckoutResponseSchema,
  debugPurchaseRequestSchema,
  debugPurchaseSchema,
  subscriptionStateSchema,
  webhookReceiptSchema,
} from './payments.schema';

const tags = ['payments'];

/**
 * Payments (decision 0040): the spec's checkout functions (spec 000 §7, spec 001 §7) under their
 * fixed names, the Stripe webhook, the artist signup that follows a checkout, and the plan the
 * Subscription tab manages. The local provider's hosted checkout and billing pages are HTML the
 * browser is sent to, not calls of the app, and are not entries (`/payments/local/...`).
 */
export const paymentsEndpoints = defineEndpoints({
  /** The temporary checkout user for a visitor, or the signed-in user themself (decision 0132). */
  createCheckoutUser: endpoint({
    method: 'POST',
    path: '/functions/v1/create-checkout-user',
    policy: {
      access: 'public',
      temporaryAccount: 'allowed',
      limit: perAddress(5, '1 hour'),
      dialect: 'function',
    },
    response: { 200: checkoutUserResponseSchema },
    tags,
  }),
  createCheckout: endpoint({
    method: 'POST',
    path: '/functions/v1/create-checkout',
    policy: {
      access: 'session',
      temporaryAccount: 'allowed',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoSubscription },
      limit: perAddress(20, '1 hour'),
      dialect: 'function',
    },
    body: createCheckoutRequestSchema,
    response: { 200: createCheckoutResponseSchema },
    tags,
  }),
  /**
   * Stripe's events (and the local provider's, the same way). The signature covers the exact
   * bytes sent, so the body is raw: parsed and re-serialised JSON would no longer verify.
   */
  stripeWebhook: endpoint({
    method: 'POST',
    path: '/functions/v1/stripe-webhook',
    policy: { access: 'public', limit: null, dialect: 'function' },
    body: rawBody('application/json'),
    response: { 200: webhookReceiptSchema },
    tags,
  }),
  debugPurchase: endpoint({
    method: 'POST',
    path: '/functions/v1/debug-purchase',
    policy: { access: 'session', limit: perAddress(10, '1 minute'), dialect: 'function' },
    body: debugPurchaseRequestSchema,
    response: { 200: debugPurchaseSchema },
    tags,
    summary: "Re-read the signed-in user's subscription from the payment provider",
  }),
  checkoutSignupState: endpoint({
    method: 'GET',
    path: '/api/payments/checkout/signup-state',
    policy: { access: 'public', temporaryAccount: 'allowed', limit: null },
    response: { 200: checkoutSignupStateSchema },
    tags,
    summary: 'Whether this browser holds a temporary checkout user',
  }),
  /** Spec 001 §4: the temporary checkout user becomes the artist, with the trial it paid for. */
  completeCheckoutSignup: endpoint({
    method: 'POST',
    path: '/api/payments/checkout/complete-signup',
    // The limits of the artist signup apply to its completion too.
    policy: { access: 'session', temporaryAccount: 'allowed', limit: perAddress(20, '1 hour') },
    body: checkoutSignupSchema,
    response: { 200: sessionSchema },
    tags,
    summary: 'Complete the artist signup after a checkout',
  }),
  subscription: endpoint({
    method: 'GET',
    path: '/api/payments/subscription',
    policy: { access: 'session', limit: null },
    response: { 200: subscriptionStateSchema },
    tags,
    summary: "The signed-in artist's plan",
  }),
  /** At the period's end, never at once. */
  cancelSubscription: endpoint({
    method: 'POST',
    path: '/api/payments/subscription/cancel',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoSubscription },
      limit: perAddress(20, '1 hour'),
    },
    response: { 200: subscriptionStateSchema },
    tags,
    summary: 'Cancel the subscription at the end of its period',
  }),
  resumeSubscription: endpoint({
    method: 'POST',
    path: '/api/payments/subscription/resume',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoSubscription },
      limit: perAddress(20, '1 hour'),
    },
    response: { 200: subscriptionStateSchema },
    tags,
    summary: 'Undo a cancellation before the period ends',
  }),
  /** Stripe's customer portal, or the local provider's billing page. */
  billingPortal: endpoint({
    method: 'POST',
    path: '/api/payments/subscription/portal',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoSubscription },
      limit: perAddress(20, '1 hour'),
    },
    response: { 200: billingPortalResponseSchema },
    tags,
    summary: 'Where to manage billing',
  }),
});
