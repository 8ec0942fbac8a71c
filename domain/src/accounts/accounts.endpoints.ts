import { z } from 'zod';
import { ACCOUNT_MESSAGES } from './accounts-messages';
import { defineEndpoints, endpoint, rawBody } from '../contract/endpoint';
import { perAddress } from '../contract/policy';
import {
  artistSignupSchema,
  changePasswordSchema,
  listenerSignupSchema,
  loginSchema,
  okSchema,
  profileImageResultSchema,
  profileUpdateSchema,
  resetCheckSchema,
  resetConfirmSchema,
  resetRequestSchema,
  resetTokenSchema,
  sessionSchema,
  sessionStateSchema,
  verifyEmailSchema,
} from './accounts.schema';

const tags = ['accounts'];

/**
 * The accounts area's own resources (spec 000 §5, spec 001 §5): signup, login, sessions, password
 * reset and the signed-in account's settings, under `/api/accounts/...`. The spec's account
 * functions are `account-functions.endpoints.ts`, invites `invites.endpoints.ts`: each its own
 * table, so the first screen's chunk carries only what signing in needs.
 */
export const accountsEndpoints = defineEndpoints({
  accountSession: endpoint({
    method: 'GET',
    path: '/api/accounts/session',
    policy: { access: 'public', limit: null },
    response: { 200: sessionStateSchema },
    tags,
    summary: 'The signed-in account, or null',
  }),
  signupListener: endpoint({
    method: 'POST',
    path: '/api/accounts/signup/listener',
    policy: { access: 'public', limit: perAddress(20, '1 hour') },
    body: listenerSignupSchema,
    response: { 201: sessionSchema },
    tags,
    summary: 'Create a listener account and sign it in',
  }),
  signupArtist: endpoint({
    method: 'POST',
    path: '/api/accounts/signup/artist',
    policy: { access: 'public', limit: perAddress(20, '1 hour') },
    body: artistSignupSchema,
    response: { 201: sessionSchema },
    tags,
    summary: 'Create an artist account and sign it in',
  }),
  login: endpoint({
    method: 'POST',
    path: '/api/accounts/login',
    policy: { access: 'public', limit: perAddress(20, '5 minutes') },
    body: loginSchema,
    response: { 200: sessionSchema },
    tags,
    summary: 'Sign in by email or username',
  }),
  logout: endpoint({
    method: 'POST',
    path: '/api/accounts/logout',
    policy: { access: 'public', limit: null },
    response: { 204: z.null() },
    tags,
    summary: 'End this session and clear its cookie',
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/accounts/password-reset',
    policy: { access: 'public', limit: perAddress(10, '15 minutes') },
    body: resetRequestSchema,
    response: { 200: okSchema },
    tags,
    summary: 'Email a reset link; answers the same whether or not the address has an account',
  }),
  checkPasswordResetToken: endpoint({
    method: 'POST',
    path: '/api/accounts/password-reset/check',
    policy: { access: 'public', limit: perAddress(20, '15 minutes') },
    body: resetTokenSchema,
    response: { 200: resetCheckSchema },
    tags,
    summary: 'Whether a reset link can still be used',
  }),
  confirmPasswordReset: endpoint({
    method: 'POST',
    path: '/api/accounts/password-reset/confirm',
    policy: { access: 'public', limit: perAddress(20, '15 minutes') },
    body: resetConfirmSchema,
    response: { 200: okSchema },
    tags,
    summary: 'Set a new password from a reset link',
  }),
  /** The link of the verification email (decision 0255): one use, for a day, no session needed. */
  verifyEmail: endpoint({
    method: 'POST',
    path: '/api/accounts/email-verification/confirm',
    policy: { access: 'public', limit: perAddress(20, '15 minutes') },
    body: verifyEmailSchema,
    response: { 200: okSchema },
    tags,
    summary: 'Confirm the address a verification link was sent to',
  }),
  resendVerification: endpoint({
    method: 'POST',
    path: '/api/accounts/email-verification/resend',
    policy: { access: 'session', limit: perAddress(10, '1 hour') },
    response: { 200: okSchema },
    tags,
    summary: "Email the signed-in account's verification link again",
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/accounts/password',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoPassword },
      limit: perAddress(10, '15 minutes'),
    },
    body: changePasswordSchema,
    response: { 200: okSchema },
    tags,
    summary: "Change the signed-in account's password; its other sessions end",
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: '/api/accounts/profile',
    policy: { access: 'session', demoAccount: { refused: ACCOUNT_MESSAGES.demoProfileEdit }, limit: null },
    body: profileUpdateSchema,
    response: { 200: sessionSchema },
    tags,
    summary: "Save the signed-in account's settings",
  }),
  /** The cropped photo's bytes; past `LIMITS.imageMaxBytes` the server refuses it unread. */
  uploadProfilePhoto: endpoint({
    method: 'PUT',
    path: '/api/accounts/photo',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoProfileEdit },
      limit: perAddress(20, '15 minutes'),
    },
    body: rawBody('image/jpeg', 'image/png', 'image/webp'),
    response: { 200: profileImageResultSchema },
    tags,
    summary: "Replace the signed-in account's profile photo",
  }),
});
