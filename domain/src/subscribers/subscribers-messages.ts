import { PRODUCT_NAME } from '../brand';

/** The interest form's and the unsubscribe page's texts, word for word from spec 000 §5 and §8 and spec 002 §2.11. */
export const INTEREST_MESSAGES = {
  artistNameRequired: 'Artist name is required',
  genreRequired: 'Genre is required for artists',
  iosBetaRequired: 'Please select your iOS Beta interest',
  duplicateEmail: 'This email is already registered. Please use a different email address.',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

/** 'An error occurred while registering your interest: {message or Unknown error}' (spec 000 §8). */
export function interestRegistrationError(message: string | undefined): string {
  return `An error occurred while registering your interest: ${message?.trim() ? message.trim() : 'Unknown error'}`;
}

/** The Postgres unique-violation code the spec's interest form recognises (spec 000 §8). */
export const UNIQUE_VIOLATION_CODE = '23505';

export const UNSUBSCRIBE_MESSAGES = {
  invalidTitle: 'Invalid Unsubscribe Link',
  invalidBody:
    'This unsubscribe link is invalid or incomplete. Please contact support if you need assistance.',
  contactSupport: 'Contact Support',
  initialTitle: `Unsubscribe from ${PRODUCT_NAME}`,
  initialBody: 'You can re-subscribe at any time.',
  unsubscribe: 'Unsubscribe',
  keepSubscribed: 'Keep Me Subscribed',
  confirmTitle: 'Confirm Unsubscribe',
  confirm: 'Yes, Unsubscribe',
  confirming: 'Unsubscribing...',
  cancel: 'Cancel',
  successTitle: 'Successfully Unsubscribed',
  backToProduct: `Back to ${PRODUCT_NAME}`,
  resubscribe: 'Re-subscribe to Updates',
  missingEmail: 'No email address provided in the unsubscribe link.',
  missingEmailOnSend: 'No email address provided.',
  failed: 'Failed to unsubscribe',
  unexpected: 'An unexpected error occurred',
  /** The function's answer: the same whether or not the address was known (spec 002 §2.11). */
  done: 'You have been unsubscribed from marketing emails.',
} as const;
