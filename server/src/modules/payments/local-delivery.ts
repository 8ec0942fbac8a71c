import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { paymentsEndpoints } from '@klang/domain';
import type { JobHandler } from '../../jobs/runner';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';

/**
 * Posts the local provider's pending events to the stripe-webhook entry, signed, through
 * the full HTTP pipeline (app.inject), exactly as a delivery from Stripe arrives. An event is
 * marked delivered only when the webhook accepted it; a redelivery is harmless (dedupe by id).
 */
export function createLocalDelivery(app: FastifyInstance, provider: LocalPaymentProvider) {
  async function deliver(checkoutSessionId?: string): Promise<number> {
    let failed = 0;
    for (const delivery of await provider.pendingDeliveries(checkoutSessionId)) {
      const answer = await app.inject({
        method: paymentsEndpoints.stripeWebhook.method,
        url: paymentsEndpoints.stripeWebhook.path,
        headers: { 'content-type': 'application/json', 'stripe-signature': delivery.signature },
        payload: delivery.payload,
      });
      if (answer.statusCode === 200) await provider.markDelivered(delivery.eventId);
      else {
        failed += 1;
        app.log.warn(
          { eventId: delivery.eventId, status: answer.statusCode },
          'local payment event not accepted',
        );
      }
    }
    return failed;
  }

  const handler: JobHandler = async (job) => {
    const { checkoutSessionId } = z.object({ checkoutSessionId: z.string() }).parse(job.payload);
    const failed = await deliver(checkoutSessionId);
    if (failed > 0) throw new Error(`${String(failed)} local payment events were not accepted`);
  };

  /** Moves the local subscriptions on to now, then delivers everything pending (older failures too). */
  const clockHandler: JobHandler = async () => {
    const queued = await provider.advanceClock();
    if (queued > 0) app.log.info({ events: queued }, 'local billing clock queued payment events');
    const failed = await deliver();
    if (failed > 0) throw new Error(`${String(failed)} local payment events were not accepted`);
  };

  return {
    clockHandler,
    /** Delivers now; what fails stays pending for the job. */
    deliver: async (checkoutSessionId?: string) => {
      await deliver(checkoutSessionId);
    },
    handler,
  };
}
