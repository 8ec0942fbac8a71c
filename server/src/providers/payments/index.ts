import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { createLocalPayments, type LocalPaymentProvider } from './local-payments';
import type { PaymentProvider } from './payment-provider';
import { createStripePayments } from './stripe-payments';

/**
 * Stripe when configured, else the local checkout. The local provider keeps its sessions in the
 * database, so unlike the stateless providers in registry.ts it is made once the database is open.
 */
export function createPaymentProvider(
  config: Config,
  deps: {
    db: Db;
    sessionSecret: string;
    afterLocalPay?: (tx: Queryable, checkoutSessionId: string) => Promise<void>;
  },
): PaymentProvider | LocalPaymentProvider {
  if (config.payments.kind === 'stripe') return createStripePayments(config.payments);
  return createLocalPayments({
    db: deps.db,
    // Its own secret, derived so that a leaked webhook signature says nothing about sessions.
    webhookSecret: `whsec_${createHmac('sha256', deps.sessionSecret).update('klang-local-payments-webhook').digest('base64url')}`,
    publicUrl: config.publicUrl,
    ...(deps.afterLocalPay && { afterPay: deps.afterLocalPay }),
  });
}

export function isLocalPayments(provider: PaymentProvider): provider is LocalPaymentProvider {
  return provider.name === 'local';
}
