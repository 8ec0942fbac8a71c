/** The plan and checkout texts of spec 000 §8. */
export const PLAN_MESSAGES = {
  paymentCancelled: 'Payment Cancelled',
  checkoutPrepareFailed: 'Failed to prepare checkout. Please try again.',
  unableToPrepareUser: 'Unable to prepare user for checkout',
  checkoutSessionFailed: 'Failed to create checkout session',
  noCheckoutUrl: 'No checkout URL received from server',
  unexpected: 'An unexpected error occurred',
} as const;
