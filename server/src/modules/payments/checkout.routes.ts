import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import { LOCAL_PAGES, PRE_ISSUE_22_LOCAL_PAGES } from '../../providers/payments/local-pages';
import type { CheckoutService } from './checkout.service';
import type { LocalCheckoutService } from './local-checkout.service';
import { renderLocalCheckout } from './local-checkout-page';
import { acceptForms } from './local-page';

/** The spec's create-checkout: the Pro checkout for the signed-in user (a temporary one included). */
export const checkoutRoutes: FastifyPluginAsyncZod<{ service: CheckoutService }> = async (
  app,
  { service },
) => {
  contractRoute(app, paymentsEndpoints.createCheckout, async (request) =>
    service.start(signedInId(request.account), request.body),
  );
};

const paramsSchema = z.object({ id: z.string().regex(/^cs_local_[0-9a-f]{24}$/) });
const cardFormSchema = z.object({
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(8).default(''),
  name: z.string().max(100).optional(),
});

/** The local provider's hosted-style page (LocalCheckoutService): show, pay, cancel. */
export const localCheckoutRoutes: FastifyPluginAsyncZod<{ service: LocalCheckoutService }> = async (
  app,
  { service },
) => {
  acceptForms(app, 8 * 1024);
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
  const page = `${LOCAL_PAGES.checkout}/:id`;

  app.get(page, { schema: { hide: true, params: paramsSchema } }, async (request, reply) => {
    return send(reply, html(200, renderLocalCheckout(await service.session(request.params.id))));
  });

  app.post(
    page,
    {
      schema: { hide: true, params: paramsSchema, body: cardFormSchema },
      config: { rateLimit: { max: 30, timeWindow: 60 * 60_000 } },
    },
    async (request, reply) => {
      const outcome = await service.pay(request.params.id, request.body);
      if (outcome.paid) return reply.redirect(outcome.redirectUrl, 303);
      const { number, expiry, name } = request.body;
      return send(
        reply,
        html(
          402,
          renderLocalCheckout(outcome.session, {
            error: outcome.message,
            values: { number, expiry, ...(name && { name }) },
          }),
        ),
      );
    },
  );

  app.get(`${page}/cancel`, { schema: { hide: true, params: paramsSchema } }, async (request, reply) => {
    return reply.redirect(await service.cancelUrl(request.params.id), 303);
  });

  // The address before issue 22: a session minted then may still be open in a tab.
  const before = PRE_ISSUE_22_LOCAL_PAGES.checkout;
  app.route({
    method: ['GET', 'POST'],
    url: `${before}/:id`,
    schema: { hide: true, params: paramsSchema },
    handler: (request, reply) => reply.redirect(`${LOCAL_PAGES.checkout}/${request.params.id}`, 308),
  });
  app.get(`${before}/:id/cancel`, { schema: { hide: true, params: paramsSchema } }, (request, reply) =>
    reply.redirect(`${LOCAL_PAGES.checkout}/${request.params.id}/cancel`, 308),
  );
};
