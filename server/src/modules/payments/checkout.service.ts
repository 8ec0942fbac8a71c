import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  PLAN_MESSAGES,
  PRO_PLAN,
  type CreateCheckoutRequest,
} from '@klang/domain';
import { maybeOne, type Db } from '../../db/client';
import { AppError } from '../../errors';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { assertNotDemo, assertOwn } from '../accounts/accounts.service';

/** Where a checkout may send the browser back to (product-decisions.md, return URLs). */
const RETURNS = {
  success: [
    { path: '/signup/artist', param: 'checkout', value: 'success', withSession: true },
    { path: '/profile', param: 'upgrade', value: 'success', withSession: false },
    { path: '/profile', param: 'checkout', value: 'success', withSession: false },
  ],
  cancel: [
    { path: '/artist-subscription', param: 'checkout', value: 'cancelled', withSession: false },
    { path: '/profile', param: 'upgrade', value: 'cancelled', withSession: false },
    { path: '/profile', param: 'checkout', value: 'cancelled', withSession: false },
  ],
} as const;

/** Within this window the same start is the same checkout (a double click, a retry). */
const IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

/**
 * A return address is rebuilt from an allow-list, never passed through: it must be this server
 * (as configured, or as the browser reached it) and one of the return pages, so a checkout can
 * never be made to send anyone elsewhere.
 */
export function returnUrl(given: string, kind: keyof typeof RETURNS, origins: readonly string[]): string {
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.returnUrlNotAllowed);
  }
  const page = RETURNS[kind].find(
    (r) => r.path === url.pathname && url.searchParams.get(r.param) === r.value,
  );
  if (!origins.includes(url.origin) || !page) {
    throw new AppError('VALIDATION_FAILED', PAYMENT_MESSAGES.returnUrlNotAllowed);
  }
  // Stripe fills in {CHECKOUT_SESSION_ID}; it must reach it unencoded.
  const base = `${url.origin}${page.path}?${page.param}=${page.value}`;
  return page.withSession ? `${base}&session_id={CHECKOUT_SESSION_ID}` : base;
}

export function createCheckoutService(deps: {
  db: Db;
  provider: PaymentProvider;
  publicUrl: string;
  /** The origins a return URL may name (config.trustedOrigins); never the request's Host. */
  trustedOrigins: readonly string[];
  log: FastifyBaseLogger;
}) {
  const { db, provider } = deps;

  return {
    async start(accountId: string, body: CreateCheckoutRequest): Promise<{ url: string; sessionId: string }> {
      const account = await maybeOne<{ id: string; email: string; is_temporary: boolean }>(
        db,
        'select id, email, is_temporary from accounts where id = $1',
        [accountId],
      );
      if (!account) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
      assertNotDemo(account, ACCOUNT_MESSAGES.demoSubscription);
      if (body.user_id) assertOwn(account, body.user_id);
      if (body.metadata?.user_id) assertOwn(account, body.metadata.user_id);
      const successUrl = returnUrl(body.success_url, 'success', deps.trustedOrigins);
      const cancelUrl = returnUrl(body.cancel_url, 'cancel', deps.trustedOrigins);

      const live = await maybeOne(
        db,
        `select 1 from payment_subscriptions
         where account_id = $1 and subscription_status in ('trialing', 'active', 'past_due')`,
        [account.id],
      );
      if (live) throw new AppError('CONFLICT', PAYMENT_MESSAGES.alreadySubscribed);

      const metadata: Record<string, string> = { product_id: PRO_PLAN.productId, user_id: account.id };
      if (body.metadata?.upgrade_from) metadata.upgrade_from = body.metadata.upgrade_from;
      if (body.metadata?.upgrade_type) metadata.upgrade_type = body.metadata.upgrade_type;

      const window = Math.floor(Date.now() / IDEMPOTENCY_WINDOW_MS);
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([account.id, successUrl, cancelUrl, metadata, window]))
        .digest('base64url');
      try {
        return await provider
          .createCheckoutSession({
            accountId: account.id,
            // A temporary checkout user's address is a throwaway: the payment page asks for the real one.
            email: account.is_temporary ? null : account.email,
            successUrl,
            cancelUrl,
            metadata,
            trialDays: PRO_PLAN.offerTrialDays,
            idempotencyKey: `checkout:${fingerprint}`,
          })
          .then((session) => ({ url: session.url, sessionId: session.id }));
      } catch (error) {
        deps.log.error({ err: error, accountId: account.id }, 'checkout session could not be created');
        throw new AppError('UNAVAILABLE', PLAN_MESSAGES.checkoutSessionFailed);
      }
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
