import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  MESSAGES,
  PAYMENT_MESSAGES,
  PLAN_MESSAGES,
  PRO_PLAN,
  type CreateCheckoutRequest,
} from '@klang/domain';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/runner';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { assertOwn, type AccountsService } from '../accounts/accounts.service';
import { CHECKOUT_USER_TTL_MS, DISCARD_CHECKOUT_USER_JOB } from './payments.jobs';
import type { PaymentsRepository } from './payments.repository';

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

export interface CheckoutServiceDeps {
  repository: Pick<PaymentsRepository, 'hasLiveSubscription'>;
  /** The accounts area: who is checking out, and the temporary checkout user it makes. */
  accounts: Pick<AccountsService['checkout'], 'checkoutIdentity' | 'createCheckoutAccount'>;
  provider: PaymentProvider;
  /** The origins a return URL may name (config.trustedOrigins); never the request's Host. */
  trustedOrigins: readonly string[];
  log: FastifyBaseLogger;
  clock?: () => Date;
}

export function createCheckoutService(deps: CheckoutServiceDeps) {
  const { repository, accounts, provider } = deps;
  const now = deps.clock ?? (() => new Date());

  return {
    /** Who checks out when someone is already signed in: themselves, temporary or not. */
    async checkoutUser(accountId: string): Promise<{ user_id: string; is_temporary: boolean }> {
      const account = await accounts.checkoutIdentity(accountId);
      return { user_id: accountId, is_temporary: account?.isTemporary ?? false };
    },

    /**
     * A new temporary checkout user for a visitor with no account yet; its removal after a day
     * (unless a subscription was opened for it) is queued in the same transaction. The caller
     * binds it to the browser with a session.
     */
    async createCheckoutUser(): Promise<string> {
      return accounts.createCheckoutAccount(async (tx, accountId) => {
        await enqueueJob(
          tx,
          DISCARD_CHECKOUT_USER_JOB,
          { accountId },
          {
            runAt: new Date(now().getTime() + CHECKOUT_USER_TTL_MS),
            dedupeKey: `${DISCARD_CHECKOUT_USER_JOB}:${accountId}`,
          },
        );
      });
    },

    async start(accountId: string, body: CreateCheckoutRequest): Promise<{ url: string; sessionId: string }> {
      const account = await accounts.checkoutIdentity(accountId);
      if (!account) throw new AppError('UNAUTHENTICATED', MESSAGES.userNotAuthenticated);
      if (body.user_id) assertOwn(account, body.user_id);
      if (body.metadata?.user_id) assertOwn(account, body.metadata.user_id);
      const successUrl = returnUrl(body.success_url, 'success', deps.trustedOrigins);
      const cancelUrl = returnUrl(body.cancel_url, 'cancel', deps.trustedOrigins);

      if (await repository.hasLiveSubscription(account.id))
        throw new AppError('CONFLICT', PAYMENT_MESSAGES.alreadySubscribed);

      const metadata: Record<string, string> = { product_id: PRO_PLAN.productId, user_id: account.id };
      if (body.metadata?.upgrade_from) metadata.upgrade_from = body.metadata.upgrade_from;
      if (body.metadata?.upgrade_type) metadata.upgrade_type = body.metadata.upgrade_type;

      const window = Math.floor(now().getTime() / IDEMPOTENCY_WINDOW_MS);
      const fingerprint = createHash('sha256')
        .update(JSON.stringify([account.id, successUrl, cancelUrl, metadata, window]))
        .digest('base64url');
      try {
        return await provider
          .createCheckoutSession({
            accountId: account.id,
            // A temporary checkout user's address is a throwaway: the payment page asks for the real one.
            email: account.isTemporary ? null : account.email,
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
