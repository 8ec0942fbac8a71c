import {
  accountsEndpoints,
  type ArtistSignup,
  type ListenerSignup,
  type LoginInput,
  type ProfileUpdate,
} from '@klang/domain';
import { api } from '../../../lib/api-client';

/** One query-key factory for the accounts area's reads (the invites have their own, `inviteKeys`). */
export const accountKeys = {
  all: ['account'] as const,
  session: () => [...accountKeys.all, 'session'] as const,
  /** The verification link's answer: its token is spent once, so the answer is kept. */
  verifyEmail: (token: string | null) => [...accountKeys.all, 'verify-email', token] as const,
  entitlements: (userId: string) => [...accountKeys.all, 'entitlements', userId] as const,
};

/**
 * The accounts area's own calls (decision 0220), each through its contract entry. The spec's
 * account functions are `account-functions-api.ts`, which only the screens that need them load.
 */
export const accountsApi = {
  session: () => api.call(accountsEndpoints.accountSession),
  signupListener: (body: ListenerSignup) => api.call(accountsEndpoints.signupListener, { body }),
  signupArtist: (body: ArtistSignup) => api.call(accountsEndpoints.signupArtist, { body }),
  login: (body: LoginInput) => api.call(accountsEndpoints.login, { body }),
  logout: () => api.call(accountsEndpoints.logout),
  requestPasswordReset: (email: string) =>
    api.call(accountsEndpoints.requestPasswordReset, { body: { email } }),
  checkResetToken: (token: string) =>
    api.call(accountsEndpoints.checkPasswordResetToken, { body: { token } }),
  confirmPasswordReset: (token: string, password: string) =>
    api.call(accountsEndpoints.confirmPasswordReset, { body: { token, password } }),
  /** The verification link's token (decision 0255): one use. */
  verifyEmail: (token: string) => api.call(accountsEndpoints.verifyEmail, { body: { token } }),
  resendVerification: () => api.call(accountsEndpoints.resendVerification),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.call(accountsEndpoints.changePassword, { body: { currentPassword, newPassword } }),
  updateProfile: (body: ProfileUpdate) => api.call(accountsEndpoints.updateProfile, { body }),
  /** The cropped photo, sent as its own bytes. */
  uploadPhoto: (image: Blob) => api.call(accountsEndpoints.uploadProfilePhoto, { body: image }),
};
