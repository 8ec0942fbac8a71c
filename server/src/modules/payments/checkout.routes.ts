import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCheckoutRequestSchema, createCheckoutResponseSchema, MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { signedInId } from '../../plugins/session';
import type { LocalPaymentProvider } from '../../providers/payments/local-payments';
import type { CheckoutService } from './checkout.service';
import { renderLocalCheckout } from './local-checkout-page';

/** POST /functions/v1/create-checkout: the Pro checkout for the signed-in user (a temporary one included). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ service: CheckoutService }> = async (
  app,
  { service },
) => {
  app.post(
    '/functions/v1/create-checkout',
    {
      preValidation: app.requireSession,
      schema: {
        tags: ['functions'],
        body: createCheckoutRequestSchema,
        response: { 200: createCheckoutResponseSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 }, allowTemporaryAccount: true },
    },
    async (request) => service.start(signedInId(request.account), request.body),
  );
};

const paramsSchema = z.object({ id: z.string().regex(/^cs_local_[0-9a-f]{24}$/) });
const cardFormSchema = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(8).default(''),
  name: z.string().max(100).optional(),
});

/**
 * The local provider's hosted-style page. Paying queues the signed events the provider owes
 * and delivers them at once through /functions/v1/stripe-webhook, as Stripe would post them;
 * what fails to arrive is delivered again by the delivery job.
 */
export const localCheckoutRoutes: FastifyPluginAsyncZod<{
  provider: LocalPaymentProvider;
  deliver: (checkoutSessionId?: string) => Promise<void>;
}> = async (app, { provider, deliver }) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
  const html = (status: number, page: string) => ({ status, page });
  const send = (
    reply: { status(n: number): unknown; header(k: string, v: string): unknown; send(b: string): unknown },
    r: ReturnType<typeof html>,
  ) => {
    reply.status(r.status);
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-store');
    // Under the app's no-referrer policy Chromium posts this page's form with `Origin: null`,
    // which the CSRF check refuses; same-origin keeps the real origin on the post.
    reply.header('referrer-policy', 'same-origin');
    return reply.send(r.page);
  };

  app.get('/checkout/local/:id', { schema: { hide: true, params: paramsSchema } }, async (request, reply) => {
    const session = await provider.session(request.params.id);
    if (!session) throw new AppError('NOT_FOUND', MESSAGES.notFound);
    return send(reply, html(200, renderLocalCheckout(session)));
  });

  app.post(
    '/checkout/local/:id',
    {
      schema: { hide: true, params: paramsSchema, body: cardFormSchema },
      config: { rateLimit: { max: 30, timeWindow: 60 * 60_000 } },
    },
    async (request, reply) => {
      const { id } = request.params;
      const outcome = await provider.pay(id, request.body);
      if (outcome.ok) {
        await deliver(id);
        return reply.redirect(outcome.redirectUrl, 303);
      }
      const session = await provider.session(id);
      if (!session) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      const { number, expiry, name } = request.body;
      return send(
        reply,
        html(
          402,
          renderLocalCheckout(session, {
            error: outcome.message,
            values: { number, expiry, ...(name && { name }) },
          }),
        ),
      );
    },
  );

  app.get(
    '/checkout/local/:id/cancel',
    { schema: { hide: true, params: paramsSchema } },
    async (request, reply) => {
      const session = await provider.session(request.params.id);
      if (!session) throw new AppError('NOT_FOUND', MESSAGES.notFound);
      return reply.redirect(session.cancelUrl, 303);
    },
  );
};
