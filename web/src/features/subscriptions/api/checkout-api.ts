import { PLAN_MESSAGES, PRO_PLAN, checkoutStartResponseSchema } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';

/**
 * Starts the Pro checkout (spec 000 §4 Checkout start, §7 create-checkout) and sends the browser to
 * the payment page. Failures carry the spec's texts: the server's own error first.
 */
export function useStartCheckoutMutation(returnUrls: { success: string; cancel: string }) {
  return useMutation({
    mutationFn: async () => {
      let answer;
      try {
        answer = await api.post(
          '/functions/v1/create-checkout',
          {
            price_id: PRO_PLAN.priceId,
            success_url: returnUrls.success,
            cancel_url: returnUrls.cancel,
            mode: PRO_PLAN.mode,
            metadata: { product_id: PRO_PLAN.productId },
          },
          checkoutStartResponseSchema,
        );
      } catch (error) {
        if (isApiError(error) && error.status > 0 && error.status < 500 && error.status !== 404) {
          throw new Error(error.message, { cause: error });
        }
        throw new Error(PLAN_MESSAGES.checkoutSessionFailed, { cause: error });
      }
      if (!answer.url) throw new Error(PLAN_MESSAGES.noCheckoutUrl);
      window.location.assign(answer.url);
    },
  });
}
