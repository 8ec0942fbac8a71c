import {
  accountsEndpoints,
  debugPurchaseSchema,
  type ArtistSignup,
  type ListenerSignup,
  type LoginInput,
  type ProfileUpdate,
} from '@klang/domain';
import { api } from '../../../lib/api-client';

/**
 * The accounts area's calls (decision 0220): its `/api/accounts/...` resources and the spec's
 * account functions, each through its contract entry.
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
  changePassword: (currentPassword: string, newPassword: string) =>
    api.call(accountsEndpoints.changePassword, { body: { currentPassword, newPassword } }),
  updateProfile: (body: ProfileUpdate) => api.call(accountsEndpoints.updateProfile, { body }),
  /** The cropped photo, sent as its own bytes. */
  uploadPhoto: (image: Blob) => api.call(accountsEndpoints.uploadProfilePhoto, { body: image }),
  deleteAccount: (userId: string, confirmationText: string) =>
    api.call(accountsEndpoints.deleteUserAccount, {
      body: { user_id: userId, confirmation_text: confirmationText },
    }),
  clearDemoInteractions: (demoUserId: string) =>
    api.call(accountsEndpoints.clearDemoInteractions, { body: { demoUserId } }),
  checkEntitlements: (userId: string) =>
    api.call(accountsEndpoints.checkEntitlements, { body: { user_id: userId } }),
  /** Payments' function (spec 001 §7), shown on the account status card; not yet in the contract. */
  debugPurchase: (userId: string) =>
    api.post('/functions/v1/debug-purchase', { user_id: userId }, debugPurchaseSchema),
};
