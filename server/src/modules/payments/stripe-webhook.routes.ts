import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsEndpoints } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import { WebhookSignatureError, type PaymentProvider } from '../../providers/payments/payment-provider';
import type { PaymentsService } from './payments.service';

export const WEBHOOK_MESSAGES = {
  invalidSignature: 'Webhook signature verification failed',
} as const;

/**
 * The spec's stripe-webhook, for Stripe and for the local checkout alike. The signature covers
 * the exact bytes sent, so the entry's body is raw (`rawBody('application/json')`: any other
 * type is refused with 415 before parsing) and this plugin, and only it, keeps JSON bodies as
 * buffers. It answers as soon as the event is recorded; the work runs in a job.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{
  provider: PaymentProvider;
  service: PaymentsService;
}> = async (app, { provider, service }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });

  contractRoute(app, paymentsEndpoints.stripeWebhook, async (request) => {
    if (!Buffer.isBuffer(request.body))
      throw new AppError('VALIDATION_FAILED', WEBHOOK_MESSAGES.invalidSignature);
    const header = request.headers['stripe-signature'];
    let event;
    try {
      event = provider.verifyWebhook(request.body, Array.isArray(header) ? header[0] : header);
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      request.log.warn({ reason: error.message }, 'payment webhook refused');
      throw new AppError('VALIDATION_FAILED', WEBHOOK_MESSAGES.invalidSignature);
    }
    const isNew = await service.receive(event);
    return { received: true as const, duplicate: !isNew };
  });
};
