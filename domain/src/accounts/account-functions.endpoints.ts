import { defineEndpoints, endpoint } from '../contract/endpoint';
import { ACCOUNT_MESSAGES } from './accounts-messages';
import { perAddress } from '../contract/policy';
import { sendEmailResponseSchema } from '../payments/payments.schema';
import {
  checkEntitlementsSchema,
  clearDemoInteractionsSchema,
  clearDemoResultSchema,
  deleteAccountSchema,
  entitlementsSchema,
  sendEmailSchema,
  successSchema,
  updateUserEmailSchema,
  updateUserProfileSchema,
} from './accounts.schema';

const tags = ['accounts'];

/**
 * The spec's account functions (spec 000 §7, spec 001 §7) at their fixed `/functions/v1/<name>`
 * paths, with the spec's field names. Each one that names a user id acts only on the signed-in
 * user (issue 4 §10).
 */
export const accountFunctionsEndpoints = defineEndpoints({
  updateUserProfile: endpoint({
    method: 'POST',
    path: '/functions/v1/update-user-profile',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoProfileEdit },
      limit: null,
      dialect: 'function',
    },
    body: updateUserProfileSchema,
    response: { 200: successSchema },
    tags,
    summary: "Spec 001 §7: merge the signed-in user's metadata",
  }),
  deleteUserAccount: endpoint({
    method: 'POST',
    path: '/functions/v1/delete-user-account',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoDelete },
      limit: null,
      dialect: 'function',
    },
    body: deleteAccountSchema,
    response: { 200: successSchema },
    tags,
    summary: 'Spec 001 §7: delete the signed-in account, its files and its sessions',
  }),
  clearDemoInteractions: endpoint({
    method: 'POST',
    path: '/functions/v1/clear-demo-interactions',
    policy: { access: 'session', limit: null, dialect: 'function' },
    body: clearDemoInteractionsSchema,
    response: { 200: clearDemoResultSchema },
    tags,
    summary: "Spec 001 §4: clear the demo account's ratings at each demo login",
  }),
  checkEntitlements: endpoint({
    method: 'POST',
    path: '/functions/v1/check-entitlements',
    policy: { access: 'session', limit: null, dialect: 'function' },
    body: checkEntitlementsSchema,
    response: { 200: entitlementsSchema },
    tags,
    summary: "Spec 001 §3: the signed-in user's entitlements",
  }),
  updateUserEmail: endpoint({
    method: 'POST',
    path: '/functions/v1/update-user-email',
    policy: { access: 'session', temporaryAccount: 'allowed', limit: null, dialect: 'function' },
    body: updateUserEmailSchema,
    response: { 200: successSchema },
    tags,
    summary: "Spec 000 §7: a temporary checkout account takes the artist's address",
  }),
  sendEmail: endpoint({
    method: 'POST',
    path: '/functions/v1/send-email',
    policy: { access: 'session', limit: perAddress(5, '1 hour'), dialect: 'function' },
    body: sendEmailSchema,
    response: { 200: sendEmailResponseSchema },
    tags,
    summary: "Spec 000 §7: send the new artist's welcome email",
  }),
});
