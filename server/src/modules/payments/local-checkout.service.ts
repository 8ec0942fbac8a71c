import { MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import type { LocalCheckoutView, LocalPaymentProvider } from '../../providers/payments/local-payments';
import type { CardInput } from '../../providers/payments/test-cards';

export type LocalPayResult =
  { paid: true; redirectUrl: string } | { paid: false; message: string; session: LocalCheckoutView };

/**
 * The local provider's hosted-style checkout (decision 0040), wired only when payments are local.
 * Paying queues the signed events the provider owes and delivers them at once through
 * /functions/v1/stripe-webhook, as Stripe would post them; what fails to arrive is delivered
 * again by the delivery job.
 */
export function createLocalCheckoutService(deps: {
  provider: LocalPaymentProvider;
  deliver: (checkoutSessionId?: string) => Promise<void>;
}) {
  const { provider } = deps;

  async function session(id: string): Promise<LocalCheckoutView> {
    const found = await provider.session(id);
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return found;
  }

  return {
    session,

    /** Pays with the card; a refusal comes back with the session, for the page to show again. */
    async pay(id: string, card: CardInput): Promise<LocalPayResult> {
      const outcome = await provider.pay(id, card);
      if (outcome.ok) {
        await deps.deliver(id);
        return { paid: true, redirectUrl: outcome.redirectUrl };
      }
      return { paid: false, message: outcome.message, session: await session(id) };
    },

    /** Where the page's cancel link goes: the cancel address the checkout was started with. */
    async cancelUrl(id: string): Promise<string> {
      return (await session(id)).cancelUrl;
    },
  };
}

export type LocalCheckoutService = ReturnType<typeof createLocalCheckoutService>;
