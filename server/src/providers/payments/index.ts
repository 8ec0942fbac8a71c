import { createHmac } from 'node:crypto';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { createLocalPayments, type LocalPaymentProvider } from './local-payments';
import type { PaymentProvider } from './payment-provider';
import { createStripePayments } from './stripe-payments';

/**
 * The local provider's webhook secret: its own, derived so that a leaked webhook signature says
 * nothing about sessions. Exported for the fault battery, which replays the local provider's
 * events (twice, out of order) as Stripe may.
 */
export function localWebhookSecret(sessionSecret: string): string {
  return `whsec_${createHmac('sha256', sessionSecret).update('klang-local-payments-webhook').digest('base64url')}`;
}

/**
 * Stripe when configured, else the local checkout. The local provider keeps its sessions in the
 * database, so unlike the stateless providers in registry.ts it is made once the database is open.
 */
export function createPaymentProvider(
  config: Pick<Config, 'payments' | 'publicUrl'>,
  deps: {
    db: Db;
    sessionSecret: string;
    afterLocalPay?: (tx: Queryable, checkoutSessionId: string) => Promise<void>;
  },
): PaymentProvider | LocalPaymentProvider {
  if (config.payments.kind === 'stripe') return createStripePayments(config.payments);
  return createLocalPayments({
    db: deps.db,
    webhookSecret: localWebhookSecret(deps.sessionSecret),
    publicUrl: config.publicUrl,
    ...(deps.afterLocalPay && { afterPay: deps.afterLocalPay }),
  });
}

export function isLocalPayments(provider: PaymentProvider): provider is LocalPaymentProvider {
  return provider.name === 'local';
}
