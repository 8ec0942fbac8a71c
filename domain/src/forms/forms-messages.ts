/**
 * The contact and bug-report forms' texts, word for word from spec 000 §5 and §8 and spec 002 §2.11 and §8.
 * Server and web both use these; a screen never spells one by hand.
 */
export const FORM_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  messageRequired: 'Message is required',
  bugDescriptionRequired: 'Bug description is required',
  captchaRequired: 'Please complete the captcha',
  contactFailed: 'Failed to submit form. Please try again.',
  bugReportFailed: 'Failed to submit bug report. Please try again.',
  /** Said by the server when a captcha token is present but does not verify (or was used already). */
  captchaInvalid: 'Captcha verification failed. Please complete the captcha again.',
} as const;
