import {
  PLAN_MESSAGES,
  PRO_PLAN,
  paymentsEndpoints,
  type UPGRADE_FROM,
  type UPGRADE_TYPES,
} from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/** The spec's text for this step when the server did not say what went wrong. */
function clientFacing(error: unknown, fallback: string): Error {
  if (isApiError(error) && error.status > 0 && error.status < 500 && error.status !== 404) {
    return new Error(error.message, { cause: error });
  }
  return new Error(fallback, { cause: error });
}

export interface CheckoutStart {
  success: string;
  cancel: string;
  /** The profile upgrade says what it upgrades from, or the limit it lifts (spec 001 §7). */
  upgradeFrom?: (typeof UPGRADE_FROM)[number];
  upgradeType?: (typeof UPGRADE_TYPES)[number];
}

/**
 * Starts the Pro checkout (spec 000 §4 Checkout start, §7 create-checkout) and sends the browser to
 * the payment page. A visitor who is not signed in becomes a temporary checkout user first; a
 * signed-in one is answered with their own id. Failures carry the spec's texts.
 */
export function useStartCheckoutMutation(start: CheckoutStart) {
  return useMutation({
    mutationFn: async () => {
      let user;
      try {
        user = await api.call(paymentsEndpoints.createCheckoutUser);
      } catch (error) {
        throw clientFacing(error, PLAN_MESSAGES.checkoutPrepareFailed);
      }
      if (!user.user_id) throw new Error(PLAN_MESSAGES.unableToPrepareUser);
      let answer;
      try {
        answer = await api.call(paymentsEndpoints.createCheckout, {
          body: {
            price_id: PRO_PLAN.priceId,
            success_url: start.success,
            cancel_url: start.cancel,
            mode: PRO_PLAN.mode,
            user_id: user.user_id,
            metadata: {
              product_id: PRO_PLAN.productId,
              user_id: user.user_id,
              ...(start.upgradeFrom && { upgrade_from: start.upgradeFrom }),
              ...(start.upgradeType && { upgrade_type: start.upgradeType }),
            },
          },
        });
      } catch (error) {
        // A success that is not the contract's answer brought no checkout URL to go to.
        if (isApiError(error) && error.status >= 200 && error.status < 300) {
          throw new Error(PLAN_MESSAGES.noCheckoutUrl, { cause: error });
        }
        throw clientFacing(error, PLAN_MESSAGES.checkoutSessionFailed);
      }
      if (!answer.url) throw new Error(PLAN_MESSAGES.noCheckoutUrl);
      window.location.assign(answer.url);
    },
  });
}
