import Stripe from 'stripe';
import { PRO_PLAN } from '@klang/domain';
import type { Db, Queryable } from '../../db/client';
import {
  signPayload,
  snapshotOf,
  verifySignedEvent,
  type CheckoutRequest,
  type PaymentProvider,
  type SubscriptionSnapshot,
} from './payment-provider';
import {
  advanceSubscription,
  BILLING_PERIOD_SECONDS,
  DAY_SECONDS,
  invoiceOf,
  localId,
  TRIAL_NOTICE_SECONDS,
  type LocalEvent,
  type LocalSubscription,
} from './local-billing-clock';
import { LOCAL_PAGES } from './local-pages';
import { createLocalPaymentsRepository } from './local-payments.repository';
import { CARD_MESSAGES, checkCard, type CardInput } from './test-cards';

/** A checkout session lives as long as Stripe's do. */
const SESSION_TTL_MS = 24 * 60 * 60_000;

export interface LocalCheckoutView {
  id: string;
  status: 'open' | 'complete' | 'expired';
  customerEmail: string | null;
  trialDays: number;
  successUrl: string;
  cancelUrl: string;
}

export type LocalPayOutcome = { ok: true; redirectUrl: string } | { ok: false; message: string };

export interface LocalPaymentProvider extends PaymentProvider {
  readonly name: 'local';
  session(id: string): Promise<LocalCheckoutView | null>;
  /** Checks the card; on success opens the subscription and queues its events, all in one transaction. */
  pay(id: string, card: CardInput): Promise<LocalPayOutcome>;
  /** The events owed to the webhook, oldest first, each signed now (the signature has a tolerance). */
  pendingDeliveries(
    checkoutSessionId?: string,
  ): Promise<{ eventId: string; payload: string; signature: string }[]>;
  markDelivered(eventId: string): Promise<void>;
  /**
   * Moves every subscription on to `at` as Stripe's clock would (trial notices, renewals, ends)
   * and queues the events owed. Safe to repeat: an event already queued is not queued again.
   */
  advanceClock(at?: Date): Promise<number>;
  /**
   * Saves a new card on the subscription, as the customer portal does. A past-due subscription's
   * open invoice is charged to it at once: paid, the subscription is active again; refused, nothing
   * changes.
   */
  replaceCard(
    subscriptionId: string,
    card: CardInput,
  ): Promise<
    { ok: true; snapshot: SubscriptionSnapshot; paidOverdue: boolean } | { ok: false; message: string }
  >;
}

/**
 * Klang's offline stand-in for Stripe: a hosted-style checkout page served by Klang, which keeps
 * sessions and subscriptions in Stripe's shapes and pays out as Stripe does, by signed events to
 * /functions/v1/stripe-webhook. The webhook cannot tell it from Stripe except by the secret.
 */
export function createLocalPayments(deps: {
  db: Db;
  webhookSecret: string;
  publicUrl: string;
  /** Runs in the paying transaction, so that the events' delivery is scheduled with them. */
  afterPay?: (tx: Queryable, checkoutSessionId: string) => Promise<void>;
  /** What time it is for sessions, payments and the billing clock; the real one by default. */
  clock?: () => Date;
}): LocalPaymentProvider {
  const { db, webhookSecret } = deps;
  const repository = createLocalPaymentsRepository(db);
  const clock = deps.clock ?? (() => new Date());
  const nowSeconds = () => Math.floor(clock().getTime() / 1000);

  /** Queues an event for the webhook; one already queued (a repeated clock step) is left as it is. */
  async function queueEvent(tx: Queryable, sessionId: string | null, event: LocalEvent): Promise<boolean> {
    const payload = {
      id: event.id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: event.created,
      livemode: false,
      type: event.type,
      data: { object: event.object },
    };
    return repository.queueDelivery(tx, event.id, sessionId, JSON.stringify(payload));
  }

  return {
    name: 'local',
    priceId: PRO_PLAN.priceId,

    async createCheckoutSession(request: CheckoutRequest) {
      const sessionId = await repository.insertSession({
        id: localId('cs'),
        accountId: request.accountId,
        idempotencyKey: request.idempotencyKey,
        priceId: PRO_PLAN.priceId,
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        email: request.email,
        metadata: request.metadata,
        trialDays: request.trialDays,
        expiresAt: new Date(clock().getTime() + SESSION_TTL_MS),
      });
      if (!sessionId) throw new Error('local checkout session vanished after its idempotent insert');
      return { id: sessionId, url: `${deps.publicUrl}${LOCAL_PAGES.checkout}/${sessionId}` };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifySignedEvent(rawBody, signatureHeader, webhookSecret);
    },

    async retrieveSubscription(id) {
      const object = await repository.subscriptionObject(id);
      return object ? snapshotOf(object) : null;
    },

    async retrieveCheckoutSession(id) {
      const row = await repository.findSession(id);
      return row
        ? {
            accountId: row.account_id,
            complete: row.status === 'complete',
            subscriptionId: row.subscription_id,
          }
        : null;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const object = await repository.setCancelAtPeriodEnd(subscriptionId, cancel);
      if (!object) throw new Error(`local subscription ${subscriptionId} does not exist`);
      return snapshotOf(object);
    },

    createBillingPortalSession(_customerId, returnUrl) {
      // Klang's own billing page: it finds the subscription by the signed-in account.
      const url = new URL(LOCAL_PAGES.billing, deps.publicUrl);
      url.searchParams.set('return_url', returnUrl);
      return Promise.resolve({ url: url.toString() });
    },

    async session(id) {
      const row = await repository.findSession(id);
      if (!row) return null;
      const expired = row.status === 'open' && new Date(row.expires_at).getTime() <= clock().getTime();
      return {
        id: row.id,
        status: expired ? 'expired' : row.status,
        customerEmail: row.customer_email,
        trialDays: row.trial_days,
        successUrl: row.success_url,
        cancelUrl: row.cancel_url,
      };
    },

    pay(id, card) {
      return db.transaction(async (tx): Promise<LocalPayOutcome> => {
        const session = await repository.lockSession(tx, id);
        if (!session) return { ok: false, message: 'This checkout session does not exist.' };
        const successUrl = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
        // A second submit of a paid session (a double click, a reload) lands where the first did.
        if (session.status === 'complete') return { ok: true, redirectUrl: successUrl };
        if (session.status === 'expired' || new Date(session.expires_at).getTime() <= clock().getTime()) {
          return { ok: false, message: 'This checkout session has expired.' };
        }
        const outcome = checkCard(card);
        if (!outcome.ok) return outcome;
        // Without a trial the first period is charged now; a trial only saves the card.
        if (outcome.chargesFail && session.trial_days === 0)
          return { ok: false, message: CARD_MESSAGES.declined };

        const now = nowSeconds();
        const trialEnd = now + session.trial_days * DAY_SECONDS;
        const customer = localId('cus');
        const subscription = {
          id: localId('sub'),
          object: 'subscription',
          customer,
          status: session.trial_days > 0 ? 'trialing' : 'active',
          created: now,
          start_date: now,
          trial_start: session.trial_days > 0 ? now : null,
          trial_end: session.trial_days > 0 ? trialEnd : null,
          cancel_at_period_end: false,
          currency: PRO_PLAN.currency,
          metadata: session.metadata,
          items: {
            object: 'list',
            data: [
              {
                id: localId('si'),
                object: 'subscription_item',
                quantity: 1,
                price: {
                  id: session.price_id,
                  object: 'price',
                  currency: PRO_PLAN.currency,
                  unit_amount: PRO_PLAN.amountMinor,
                  recurring: { interval: PRO_PLAN.interval, interval_count: 1 },
                },
                current_period_start: now,
                current_period_end: session.trial_days > 0 ? trialEnd : now + BILLING_PERIOD_SECONDS,
              },
            ],
          },
          default_payment_method: { card: { brand: outcome.brand, last4: outcome.last4 } },
        };
        await repository.insertSubscription(tx, {
          id: subscription.id,
          accountId: session.account_id,
          customerId: customer,
          object: subscription,
          chargesFail: outcome.chargesFail,
        });
        await repository.completeSession(tx, session.id, subscription.id);
        const checkoutSession = {
          id: session.id,
          object: 'checkout.session',
          mode: 'subscription',
          status: 'complete',
          payment_status: session.trial_days > 0 ? 'no_payment_required' : 'paid',
          client_reference_id: session.account_id,
          customer,
          customer_email: session.customer_email,
          subscription: subscription.id,
          metadata: session.metadata,
        };
        // A trial starts with a zero invoice, as on Stripe.
        const invoice = invoiceOf(subscription, {
          amount: session.trial_days > 0 ? 0 : PRO_PLAN.amountMinor,
          paid: true,
        });
        const owed: [string, object][] = [
          ['customer.subscription.created', subscription],
          ['invoice.paid', invoice],
          ['checkout.session.completed', checkoutSession],
        ];
        for (const [type, object] of owed) {
          await queueEvent(tx, session.id, { id: localId('evt'), type, object, created: now });
        }
        await deps.afterPay?.(tx, session.id);
        return { ok: true, redirectUrl: successUrl };
      });
    },

    async pendingDeliveries(checkoutSessionId) {
      const rows = await repository.pendingDeliveries(checkoutSessionId ?? null);
      return rows.map((row) => ({
        eventId: row.event_id,
        payload: row.payload,
        signature: signPayload(row.payload, webhookSecret),
      }));
    },

    async advanceClock(at = clock()) {
      const now = Math.floor(at.getTime() / 1000);
      // Only what can change by now: a trial notice, a period's end, or a past-due subscription.
      const due = await repository.dueSubscriptions(now, TRIAL_NOTICE_SECONDS);
      let queued = 0;
      for (const id of due) {
        queued += await db.transaction(async (tx) => {
          const row = await repository.lockSubscription(tx, id);
          if (!row) return 0;
          const { subscription, events } = advanceSubscription(row.object, {
            now,
            chargesFail: row.charges_fail,
          });
          if (JSON.stringify(subscription) !== JSON.stringify(row.object)) {
            await repository.saveSubscription(tx, id, subscription);
          }
          let fresh = 0;
          for (const event of events) if (await queueEvent(tx, null, event)) fresh += 1;
          return fresh;
        });
      }
      return queued;
    },

    async replaceCard(subscriptionId, card) {
      const outcome = checkCard(card);
      if (!outcome.ok) return outcome;
      return db.transaction(async (tx) => {
        const row = await repository.lockSubscription(tx, subscriptionId);
        if (!row) throw new Error(`local subscription ${subscriptionId} does not exist`);
        const overdue = row.object.status === 'past_due';
        if (overdue && outcome.chargesFail) return { ok: false as const, message: CARD_MESSAGES.declined };
        const subscription: LocalSubscription = {
          ...row.object,
          ...(overdue && { status: 'active' }),
          default_payment_method: { card: { brand: outcome.brand, last4: outcome.last4 } },
        };
        await repository.saveSubscription(tx, subscriptionId, subscription, outcome.chargesFail);
        if (overdue) {
          const now = nowSeconds();
          const invoice = invoiceOf(subscription, { amount: PRO_PLAN.amountMinor, paid: true });
          // Delivered by the billing clock's next run; the caller records the new state now.
          for (const [type, object] of [
            ['invoice.paid', invoice],
            ['customer.subscription.updated', subscription],
          ] as const) {
            await queueEvent(tx, null, { id: localId('evt'), type, object, created: now });
          }
        }
        return {
          ok: true as const,
          snapshot: snapshotOf(subscription as unknown as Stripe.Subscription),
          paidOverdue: overdue,
        };
      });
    },

    async markDelivered(eventId) {
      await repository.markDelivered(eventId);
    },
  };
}
