import {
  clearDemoResultSchema,
  dailyLoginSchema,
  entitlementsSchema,
  paymentsEndpoints,
  resetCheckSchema,
  successSchema,
  okSchema,
  profileImageResultSchema,
  sessionSchema,
  sessionStateSchema,
  type ArtistSignup,
  type ListenerSignup,
  type LoginInput,
  type ProfileUpdate,
} from '@klang/domain';
import { api, apiRequest } from '../../../lib/api-client';

/** The account endpoints (docs/decisions/0008): our own /api resources and the spec's functions. */
export const accountsApi = {
  session: () => api.get('/api/auth/session', sessionStateSchema),
  signupListener: (body: ListenerSignup) => api.post('/api/auth/signup/listener', body, sessionSchema),
  signupArtist: (body: ArtistSignup) => api.post('/api/auth/signup/artist', body, sessionSchema),
  login: (body: LoginInput) => api.post('/api/auth/login', body, sessionSchema),
  logout: () => apiRequest('/api/auth/logout', undefined, { method: 'POST' }),
  requestPasswordReset: (email: string) => api.post('/api/auth/password-reset', { email }, okSchema),
  checkResetToken: (token: string) => api.post('/api/auth/password-reset/check', { token }, resetCheckSchema),
  confirmPasswordReset: (token: string, password: string) =>
    api.post('/api/auth/password-reset/confirm', { token, password }, okSchema),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post('/api/account/password', { currentPassword, newPassword }, okSchema),
  updateProfile: (body: ProfileUpdate) => api.patch('/api/account/profile', body, sessionSchema),
  uploadPhoto: (image: Blob) =>
    apiRequest('/api/account/photo', profileImageResultSchema, {
      method: 'PUT',
      body: image,
      headers: { 'Content-Type': image.type || 'image/jpeg' },
    }),
  dailyLogin: () => api.post('/api/account/daily-login', {}, dailyLoginSchema),
  deleteAccount: (userId: string, confirmationText: string) =>
    api.post(
      '/functions/v1/delete-user-account',
      { user_id: userId, confirmation_text: confirmationText },
      successSchema,
    ),
  clearDemoInteractions: (demoUserId: string) =>
    api.post('/functions/v1/clear-demo-interactions', { demoUserId }, clearDemoResultSchema),
  checkEntitlements: (userId: string) =>
    api.post('/functions/v1/check-entitlements', { user_id: userId }, entitlementsSchema),
  debugPurchase: (userId: string) => api.call(paymentsEndpoints.debugPurchase, { body: { user_id: userId } }),
};
