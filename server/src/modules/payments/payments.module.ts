import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { registerJobs } from '../../jobs/registry';
import { createPaymentProvider, isLocalPayments } from '../../providers/payments';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { AccountsService } from '../accounts/accounts.service';
import { billingRoutes, localBillingRoutes } from './billing.routes';
import { createBillingService } from './billing.service';
import { checkoutUserRoutes } from './checkout-user';
import { checkoutRoutes, localCheckoutRoutes } from './checkout.routes';
import { createCheckoutService } from './checkout.service';
import { createLocalCheckoutService } from './local-checkout.service';
import { createLocalDelivery } from './local-delivery';
import {
  createPaymentsJobKinds,
  LOCAL_BILLING_CLOCK_JOB,
  LOCAL_DELIVERY_JOB,
  requestLocalBillingClock,
  requestPaymentsMaintenance,
  scheduleLocalDelivery,
  type BillingEmailSender,
} from './payments.jobs';
import { createPaymentsRepository } from './payments.repository';
import { createPaymentsService } from './payments.service';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

export interface PaymentsModuleDeps {
  db: Db;
  /** Which provider (PAYMENTS: Stripe when configured, else the local checkout) and this server's address. */
  config: Pick<Config, 'payments' | 'publicUrl' | 'trustedOrigins'>;
  /** The session secret, from which the local provider derives its webhook secret. */
  sessionSecret: string;
  /** The accounts area: who checks out, the temporary checkout user, the signup it completes. */
  accounts: {
    sessions: Pick<AccountsService['sessions'], 'session'>;
    checkout: Pick<
      AccountsService['checkout'],
      'checkoutIdentity' | 'createCheckoutAccount' | 'completeCheckoutSignup'
    >;
    deletion: Pick<AccountsService['deletion'], 'discardTemporaryAccount'>;
  };
  email: BillingEmailSender;
}

/**
 * Payments (decision 0040): the Pro checkout and its temporary checkout user (0132), the Stripe
 * webhook and the jobs that apply its events, billing (the Subscription tab, its emails, the
 * daily fall back to free), and, when no Stripe is configured, the local provider's checkout
 * and billing pages and its billing clock. The provider is chosen here, once; everything after
 * receives it. Returns the provider, whose name the health check reports.
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: PaymentsModuleDeps,
): Promise<{ provider: PaymentProvider }> {
  const { db, config, accounts } = deps;
  const provider = createPaymentProvider(config, {
    db,
    sessionSecret: deps.sessionSecret,
    afterLocalPay: scheduleLocalDelivery,
  });
  const repository = createPaymentsRepository(db);
  const payments = createPaymentsService({ repository, provider, log: app.log });
  const billing = createBillingService({
    repository,
    payments,
    provider,
    accounts: {
      session: accounts.sessions.session,
      completeCheckoutSignup: accounts.checkout.completeCheckoutSignup,
    },
    publicUrl: config.publicUrl,
  });
  const checkout = createCheckoutService({
    repository,
    accounts: accounts.checkout,
    provider,
    trustedOrigins: config.trustedOrigins,
    log: app.log,
  });
  await app.register(billingRoutes, { service: billing });
  await app.register(stripeWebhookRoutes, { provider, service: payments });
  await app.register(checkoutRoutes, { service: checkout });
  await app.register(checkoutUserRoutes, { service: checkout });
  registerJobs(app, {
    kinds: createPaymentsJobKinds({
      repository,
      payments,
      discard: accounts.deletion.discardTemporaryAccount,
      email: deps.email,
      publicUrl: config.publicUrl,
      log: app.log,
    }),
    periodic: { 'daily payments jobs': requestPaymentsMaintenance },
  });

  if (isLocalPayments(provider)) {
    const delivery = createLocalDelivery(app, provider);
    await app.register(localCheckoutRoutes, {
      service: createLocalCheckoutService({ provider, deliver: delivery.deliver }),
    });
    await app.register(localBillingRoutes, {
      service: billing,
      publicUrl: config.publicUrl,
      trustedOrigins: config.trustedOrigins,
    });
    registerJobs(app, {
      kinds: {
        [LOCAL_DELIVERY_JOB]: { lane: 'payments', run: delivery.handler },
        [LOCAL_BILLING_CLOCK_JOB]: { lane: 'payments', run: delivery.clockHandler },
      },
      periodic: { 'local billing clock': requestLocalBillingClock },
    });
  }
  return { provider };
}
