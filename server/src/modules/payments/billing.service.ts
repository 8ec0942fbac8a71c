import {
  ACCOUNT_MESSAGES,
  UPGRADE_MESSAGES,
  type checkoutSignupSchema,
  type Session,
  type SubscriptionState,
  type artistSignupSchema,
} from '@klang/domain';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import { isLocalPayments } from '../../providers/payments';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { CardInput } from '../../providers/payments/test-cards';
import { assertOwn } from '../accounts/accounts.service';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentsService } from './payments.service';

/** What this area needs of the accounts service. */
export interface AccountsForBilling {
  session(accountId: string): Promise<Session>;
  completeCheckoutSignup(
    account: SessionAccount,
    input: z.output<typeof artistSignupSchema>,
    checkoutSucceeded: boolean,
  ): Promise<Session>;
}

/** Statuses with a subscription still running at the provider, which can be cancelled or resumed. */
const MANAGEABLE = ['trialing', 'active', 'past_due', 'unpaid', 'paused'];

const iso = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/**
 * The artist's own plan: signup completion after checkout, the Subscription tab (state, cancel
 * at period end, resume, billing portal) and the debug sync. Every change asks the provider and
 * writes what it answers; the webhook that follows finds the same state.
 */
export function createBillingService(deps: {
  repository: PaymentsRepository;
  payments: PaymentsService;
  provider: PaymentProvider;
  accounts: AccountsForBilling;
  publicUrl: string;
}) {
  const { repository, payments, provider, accounts } = deps;

  async function manageable(account: SessionAccount) {
    const row = await repository.subscriptionOf(account.id);
    if (!row?.subscription_id || !row.customer_id || !MANAGEABLE.includes(row.subscription_status)) {
      throw new AppError('NOT_FOUND', UPGRADE_MESSAGES.noSubscription);
    }
    if (row.provider !== provider.name) {
      // A subscription made with the other provider (Stripe configured after local use, or back).
      throw new AppError('UNAVAILABLE', UPGRADE_MESSAGES.noSubscription);
    }
    return { subscriptionId: row.subscription_id, customerId: row.customer_id };
  }

  async function signupState(account: SessionAccount | null): Promise<{ temporary_user_id: string | null }> {
    if (!account) return { temporary_user_id: null };
    return { temporary_user_id: (await repository.isCheckoutUser(account.id)) ? account.id : null };
  }

  /**
   * The trial is granted only for a checkout the provider says is complete and was started by
   * this very account; a session id of someone else's checkout is refused.
   */
  async function completeSignup(account: SessionAccount, body: z.output<typeof checkoutSignupSchema>) {
    if (!(await repository.isCheckoutUser(account.id))) {
      throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.notYourAccount);
    }
    const { session_id: sessionId, ...input } = body;
    const outcome = sessionId ? await provider.retrieveCheckoutSession(sessionId) : null;
    if (outcome?.accountId && outcome.accountId !== account.id) {
      throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.notYourAccount);
    }
    return accounts.completeCheckoutSignup(account, input, outcome?.complete === true);
  }

  async function state(account: SessionAccount): Promise<SubscriptionState> {
    const session = await accounts.session(account.id);
    const row = await repository.subscriptionOf(account.id);
    return {
      tier: session.subscriptionTier,
      status: row?.subscription_id ? row.subscription_status : null,
      provider: row?.subscription_id ? row.provider : null,
      currentPeriodEnd: iso(row?.current_period_end),
      trialEnd: iso(row?.trial_end),
      trialEndDate: session.profile?.trialEndDate ?? null,
      cancelAtPeriodEnd: row?.cancel_at_period_end ?? false,
      canManage: Boolean(
        row?.subscription_id && MANAGEABLE.includes(row.subscription_status) && !session.isDemo,
      ),
    };
  }

  /** Cancels at the end of the period (nothing is taken back mid-period), or resumes. */
  async function setCancelAtPeriodEnd(account: SessionAccount, cancel: boolean): Promise<SubscriptionState> {
    const { subscriptionId } = await manageable(account);
    const snapshot = await provider.setCancelAtPeriodEnd(subscriptionId, cancel);
    await payments.record(account.id, snapshot);
    return state(account);
  }

  /**
   * The local billing page's card change: a past-due subscription's open invoice is paid with
   * the new card at once, and the state it leaves is written now (its events follow).
   */
  async function replaceLocalCard(
    account: SessionAccount,
    card: CardInput,
  ): Promise<{ paidOverdue: boolean }> {
    const { subscriptionId } = await manageable(account);
    if (!isLocalPayments(provider)) throw new AppError('UNAVAILABLE', UPGRADE_MESSAGES.noSubscription);
    const outcome = await provider.replaceCard(subscriptionId, card);
    if (!outcome.ok) throw new AppError('VALIDATION_FAILED', outcome.message);
    await payments.record(account.id, outcome.snapshot);
    return { paidOverdue: outcome.paidOverdue };
  }

  async function billingPortal(account: SessionAccount): Promise<{ url: string }> {
    const { customerId } = await manageable(account);
    return provider.createBillingPortalSession(customerId, new URL('/profile', deps.publicUrl).toString());
  }

  /** Spec 001 §7 debug-purchase: re-reads the subscription from the provider, then reports. */
  async function debugPurchase(account: SessionAccount, userId: string) {
    assertOwn(account, userId);
    await payments.sync(account.id);
    const row = await repository.subscriptionOf(account.id);
    return {
      debug_info: {
        has_stripe_customer: Boolean(row?.customer_id),
        stripe_subscription_active: row?.subscription_status === 'active',
        // No app-store billing exists in Klang (product-decisions.md); these stay empty, honestly.
        has_revenuecat_subscriber: false,
        revenuecat_entitlements: [] as string[],
      },
    };
  }

  return {
    signupState,
    completeSignup,
    state,
    setCancelAtPeriodEnd,
    replaceLocalCard,
    billingPortal,
    debugPurchase,
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
