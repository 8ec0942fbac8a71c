/**
 * The accounts strings of the spec, word for word (spec 000 §5 and §8, spec 001 §5, §6 and §8).
 * Screens and the server both use these; neither spells one by hand.
 */
export const ACCOUNT_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameOneWord: 'Username must be one word (no spaces)',
  usernameTaken: 'Username is already taken',
  artistNameRequired: 'Artist name is required',
  bioRequired: 'Bio is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  emailInvalidReset: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordsDoNotMatch: 'Passwords do not match',
  identifierRequired: 'Email or username is required',
  usernameNotFound: 'Username not found',
  invalidCredentials: 'Invalid login credentials',
  emailAlreadyRegistered: 'This email is already registered. Please use a different email or log in.',
  signupFailed: 'An error occurred during signup',
  resetEmailFailed: 'Failed to send reset email',
  resetLinkInvalid:
    'This password reset link is invalid or has expired. Please request a new password reset.',
  resetFailed: 'Failed to reset password',
  imageInvalid: 'Please select a valid image file',
  imageTooLarge: 'Image size must be less than 5MB',
  profileImageUpdated: 'Profile image updated successfully!',
  deleteConfirmation: 'DELETE MY ACCOUNT',
  deleteConfirmationMismatch: 'Please type "DELETE MY ACCOUNT" to confirm',
  deleteFailed: 'Failed to delete account',
  demoUpload: 'Uploading tracks is disabled in demo mode. Create your own account to upload tracks.',
  demoSubscription:
    'Subscription management is disabled in demo mode. Create your own account for full access.',
  demoProfileEdit: 'Profile editing is disabled in demo mode. Create your own account to edit your profile.',
  demoPassword: 'Password changes are disabled in demo mode. Create your own account for full access.',
  demoDelete: 'Account deletion is disabled in demo mode. Create your own account for full access.',
  demoForum:
    'Posting in the forum is disabled in demo mode. Create your own account to join the conversation.',
  demoForumVote: 'Voting in the forum is disabled in demo mode. Create your own account to vote on posts.',
  demoFollow: 'Following artists is disabled in demo mode. Create your own account to follow artists.',
  websiteInvalid: 'Enter a web address that starts with http:// or https://',
  instagramInvalid: 'Enter an Instagram handle, or a web address that starts with https://',
  demoLoginFailed: 'Login failed: {message}',
  notYourAccount: 'You can only act on your own account',
  profileLoadFailed: 'Failed to load profile',
  passwordUpdated: 'Password updated successfully',
  resetEmailSent: 'Check your email for a password reset link',
  passwordResetDone: 'Your password has been reset. Redirecting to login...',
  profileSaved: 'Profile updated successfully',
} as const;

/**
 * Klang's own account guards (issue 27, decisions 0253 to 0256): the sign-in challenge after
 * failed sign-ins, and the email verification of new accounts. Not the spec's words: the spec
 * has neither guard.
 */
export const ACCOUNT_GUARD_MESSAGES = {
  loginChallenge: 'Several sign-ins to this account failed. Solve the check, then sign in again.',
  verifyEmailBanner:
    'Confirm your email address with the link we sent you. Until then your likes do not count in the charts.',
  verificationResend: 'Send the link again',
  verificationSent: 'We sent a new link. Check your email.',
  emailVerified: 'Your email address is confirmed. Your likes count in the charts.',
  verifyLinkInvalid:
    'This confirmation link is invalid, has expired or was already used. Send a new one from your profile.',
  verifying: 'Confirming your email address…',
} as const;

export const PASSWORD_CHANGE_MESSAGES = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
} as const;
