import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsEndpoints } from '@klang/domain';
import { AppError } from '../../errors';
import { contractRoute } from '../../lib/contract-route';
import { signedIn } from '../../plugins/session';
import { LOCAL_PAGES, PRE_ISSUE_22_LOCAL_PAGES } from '../../providers/payments/local-pages';
import type { BillingService } from './billing.service';
import { renderLocalBilling } from './local-billing-page';
import { acceptForms, queryOf } from './local-page';

/**
 * The artist's plan: signup completion after checkout, the Subscription tab's state and
 * changes, the billing portal and the spec's debug-purchase.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (app, { service }) => {
  contractRoute(app, paymentsEndpoints.checkoutSignupState, (request) =>
    service.signupState(request.account),
  );

  contractRoute(app, paymentsEndpoints.completeCheckoutSignup, (request) =>
    service.completeSignup(signedIn(request.account), request.body),
  );

  contractRoute(app, paymentsEndpoints.subscription, (request) => service.state(signedIn(request.account)));

  contractRoute(app, paymentsEndpoints.cancelSubscription, (request) =>
    service.setCancelAtPeriodEnd(signedIn(request.account), true),
  );

  contractRoute(app, paymentsEndpoints.resumeSubscription, (request) =>
    service.setCancelAtPeriodEnd(signedIn(request.account), false),
  );

  contractRoute(app, paymentsEndpoints.billingPortal, (request) =>
    service.billingPortal(signedIn(request.account)),
  );

  contractRoute(app, paymentsEndpoints.debugPurchase, (request) =>
    service.debugPurchase(signedIn(request.account), request.body.user_id),
  );
};

const billingFormSchema = z.object({
  action: z.enum(['cancel', 'resume', 'update_card']),
  return_url: z.string().max(2000).optional(),
  number: z.string().max(40).default(''),
  expiry: z.string().max(10).default(''),
  cvc: z.string().max(8).default(''),
});

const BILLING_NOTICES = {
  cancel: 'Your subscription is cancelled. It stays active until the end of the period.',
  resume: 'Your subscription is active again.',
  cardUpdated: 'Your card is updated.',
  paidOverdue: 'Your card is updated and the overdue payment is made. Artist Pro is active again.',
} as const;

/**
 * The local provider's billing page, Klang's stand-in for Stripe's customer portal. It acts for
 * the signed-in account only (the session cookie), like the portal acts for its customer.
 */
export const localBillingRoutes: FastifyPluginAsyncZod<{
  service: BillingService;
  publicUrl: string;
  /** The origins the page may return to (config.trustedOrigins); never the request's Host. */
  trustedOrigins: readonly string[];
}> = async (app, { service, publicUrl, trustedOrigins }) => {
  acceptForms(app, 4 * 1024);

  /** Only a page of this server may be gone back to. */
  const back = (given: string | undefined) => {
    try {
      const url = new URL(given ?? '');
      if (trustedOrigins.includes(url.origin)) return `${url.origin}${url.pathname}${url.search}`;
    } catch {
      /* not a URL: the profile below */
    }
    return new URL('/profile', publicUrl).toString();
  };

  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    returnUrl: string | undefined,
    message: { notice?: string; error?: string } = {},
    status = 200,
  ) => {
    if (!request.account) return reply.redirect('/login', 303);
    const state = await service.state(request.account);
    reply.status(status);
    reply.header('content-type', 'text/html; charset=utf-8');
    reply.header('cache-control', 'no-store');
    // Its form must post with its real Origin (see checkout.routes.ts).
    reply.header('referrer-policy', 'same-origin');
    return reply.send(renderLocalBilling(state, { returnUrl: back(returnUrl), ...message }));
  };

  app.get(
    LOCAL_PAGES.billing,
    { schema: { hide: true, querystring: z.object({ return_url: z.string().max(2000).optional() }) } },
    (request, reply) => page(request, reply, request.query.return_url),
  );

  app.post(
    LOCAL_PAGES.billing,
    {
      schema: { hide: true, body: billingFormSchema },
      config: { rateLimit: { max: 20, timeWindow: 60 * 60_000 } },
    },
    async (request, reply) => {
      if (!request.account) return reply.redirect('/login', 303);
      const { action, number, expiry, cvc } = request.body;
      let notice: string;
      try {
        if (action === 'update_card') {
          const { paidOverdue } = await service.replaceLocalCard(request.account, { number, expiry, cvc });
          notice = paidOverdue ? BILLING_NOTICES.paidOverdue : BILLING_NOTICES.cardUpdated;
        } else {
          await service.setCancelAtPeriodEnd(request.account, action === 'cancel');
          notice = BILLING_NOTICES[action];
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return page(request, reply, request.body.return_url, { error: error.message }, error.status);
      }
      return page(request, reply, request.body.return_url, { notice });
    },
  );

  // The address before issue 22, which a tab may still show: its forms post there.
  app.route({
    method: ['GET', 'POST'],
    url: PRE_ISSUE_22_LOCAL_PAGES.billing,
    schema: { hide: true },
    handler: (request, reply) => reply.redirect(`${LOCAL_PAGES.billing}${queryOf(request.url)}`, 308),
  });
};
