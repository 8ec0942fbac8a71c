import { accountFunctionsEndpoints, paymentsEndpoints } from '@klang/domain';
import { api } from '../../../lib/api-client';

/** The spec's account functions (spec 001 §7), with the spec's field names, through their entries. */
export const accountFunctionsApi = {
  deleteAccount: (userId: string, confirmationText: string) =>
    api.call(accountFunctionsEndpoints.deleteUserAccount, {
      body: { user_id: userId, confirmation_text: confirmationText },
    }),
  clearDemoInteractions: (demoUserId: string) =>
    api.call(accountFunctionsEndpoints.clearDemoInteractions, { body: { demoUserId } }),
  checkEntitlements: (userId: string) =>
    api.call(accountFunctionsEndpoints.checkEntitlements, { body: { user_id: userId } }),
  /** Payments' function (spec 001 §7), shown on the account status card. */
  debugPurchase: (userId: string) => api.call(paymentsEndpoints.debugPurchase, { body: { user_id: userId } }),
};
