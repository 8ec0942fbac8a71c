/**
 * User-facing strings of the spec, written once, word for word, and used by both sides.
 * Later areas add theirs here; a screen never spells one of these by hand.
 */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  nulCharacter: 'Text may not contain a NUL character',
  pageFailedToLoad: 'Page Failed to Load',
  reloadPage: 'Reload Page',
  userNotAuthenticated: 'User not authenticated',
  accessDenied: 'Access denied',
  unexpectedError: 'An unexpected error occurred',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  notFound: 'Not found',
  internalError: 'Something went wrong on our side. Please try again.',
  /** The database or another part Klang needs is down for a moment; nothing was changed. */
  serviceUnavailable: 'Klang is briefly unavailable. Nothing was changed; please try again in a moment.',
  invalidRequest: 'The request is not valid.',
} as const;

/** Issue 32: the offer to install Klang, made once, on Discover, after a few likes. */
export const INSTALL_MESSAGES = {
  title: 'Keep Klang on your home screen',
  body: 'Your deck opens in one tap and plays on with the screen locked.',
  install: 'Install Klang',
  dismiss: 'Not now',
} as const;
