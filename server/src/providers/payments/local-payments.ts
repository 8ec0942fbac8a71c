import Stripe from 'stripe';
import { PRO_PLAN } from '@klang/domain';
import { maybeOne, type Db, type Queryable } from '../../db/client';
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

type SessionRow = {
  id: string;
  account_id: string;
  price_id: string;
  success_url: string;
  cancel_url: string;
  customer_email: string | null;
  metadata: Record<string, string>;
  trial_days: number;
  status: 'open' | 'complete' | 'expired';
  subscription_id: string | null;
  expires_at: string | Date;
};

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
}): LocalPaymentProvider {
  const { db, webhookSecret } = deps;

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
    const inserted = await tx.query(
      `insert into local_payment_deliveries (event_id, checkout_session_id, payload) values ($1, $2, $3)
       on conflict (event_id) do nothing returning event_id`,
      [event.id, sessionId, JSON.stringify(payload)],
    );
    return inserted.length > 0;
  }

  return {
    name: 'local',
    priceId: PRO_PLAN.priceId,

    async createCheckoutSession(request: CheckoutRequest) {
      const id = localId('cs');
      const inserted = await db.query<{ id: string }>(
        `insert into local_checkout_sessions
           (id, account_id, idempotency_key, price_id, success_url, cancel_url, customer_email, metadata, trial_days, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)
         on conflict (idempotency_key) do nothing
         returning id`,
        [
          id,
          request.accountId,
          request.idempotencyKey,
          PRO_PLAN.priceId,
          request.successUrl,
          request.cancelUrl,
          request.email,
          JSON.stringify(request.metadata),
          request.trialDays,
          new Date(Date.now() + SESSION_TTL_MS).toISOString(),
        ],
      );
      const sessionId =
        inserted[0]?.id ??
        (
          await maybeOne<{ id: string }>(
            db,
            'select id from local_checkout_sessions where idempotency_key = $1',
            [request.idempotencyKey],
          )
        )?.id;
      if (!sessionId) throw new Error('local checkout session vanished after its idempotent insert');
      return { id: sessionId, url: `${deps.publicUrl}/checkout/local/${sessionId}` };
    },

    verifyWebhook(rawBody, signatureHeader) {
      return verifySignedEvent(rawBody, signatureHeader, webhookSecret);
    },

    async retrieveSubscription(id) {
      const row = await maybeOne<{ object: Stripe.Subscription }>(
        db,
        'select object from local_subscriptions where id = $1',
        [id],
      );
      return row ? snapshotOf(row.object) : null;
    },

    async retrieveCheckoutSession(id) {
      const row = await maybeOne<Pick<SessionRow, 'account_id' | 'status' | 'subscription_id'>>(
        db,
        'select account_id, status, subscription_id from local_checkout_sessions where id = $1',
        [id],
      );
      return row
        ? {
            accountId: row.account_id,
            complete: row.status === 'complete',
            subscriptionId: row.subscription_id,
          }
        : null;
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const row = await maybeOne<{ object: Stripe.Subscription }>(
        db,
        `update local_subscriptions
         set object = jsonb_set(object, '{cancel_at_period_end}', to_jsonb($2::boolean)), updated_at = now()
         where id = $1 returning object`,
        [subscriptionId, cancel],
      );
      if (!row) throw new Error(`local subscription ${subscriptionId} does not exist`);
      return snapshotOf(row.object);
    },

    createBillingPortalSession(_customerId, returnUrl) {
      // Klang's own billing page: it finds the subscription by the signed-in account.
      const url = new URL('/billing/local', deps.publicUrl);
      url.searchParams.set('return_url', returnUrl);
      return Promise.resolve({ url: url.toString() });
    },

    async session(id) {
      const row = await maybeOne<SessionRow>(db, 'select * from local_checkout_sessions where id = $1', [id]);
      if (!row) return null;
      const expired = row.status === 'open' && new Date(row.expires_at).getTime() <= Date.now();
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
        const session = await maybeOne<SessionRow>(
          tx,
          'select * from local_checkout_sessions where id = $1 for update',
          [id],
        );
        if (!session) return { ok: false, message: 'This checkout session does not exist.' };
        const successUrl = session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id);
        // A second submit of a paid session (a double click, a reload) lands where the first did.
        if (session.status === 'complete') return { ok: true, redirectUrl: successUrl };
        if (session.status === 'expired' || new Date(session.expires_at).getTime() <= Date.now()) {
          return { ok: false, message: 'This checkout session has expired.' };
        }
        const outcome = checkCard(card);
        if (!outcome.ok) return outcome;
        // Without a trial the first period is charged now; a trial only saves the card.
        if (outcome.chargesFail && session.trial_days === 0)
          return { ok: false, message: CARD_MESSAGES.declined };

        const now = Math.floor(Date.now() / 1000);
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
        await tx.query(
          `insert into local_subscriptions (id, account_id, customer_id, object, charges_fail)
           values ($1, $2, $3, $4::jsonb, $5)`,
          [subscription.id, session.account_id, customer, JSON.stringify(subscription), outcome.chargesFail],
        );
        await tx.query(
          `update local_checkout_sessions set status = 'complete', subscription_id = $2 where id = $1`,
          [session.id, subscription.id],
        );
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
      const rows = await db.query<{ event_id: string; payload: string }>(
        `select event_id, payload from local_payment_deliveries
         where delivered_at is null and ($1::text is null or checkout_session_id = $1)
         order by created_at, event_id`,
        [checkoutSessionId ?? null],
      );
      return rows.map((row) => ({
        eventId: row.event_id,
        payload: row.payload,
        signature: signPayload(row.payload, webhookSecret),
      }));
    },

    async advanceClock(at = new Date()) {
      const now = Math.floor(at.getTime() / 1000);
      // Only what can change by now: a trial notice, a period's end, or a past-due subscription.
      const due = await db.query<{ id: string }>(
        `select id from local_subscriptions
         where object->>'status' in ('trialing', 'active', 'past_due')
           and ((object->'items'->'data'->0->>'current_period_end')::bigint <= $1::bigint + $2::bigint
                or object->>'status' = 'past_due')`,
        [now, TRIAL_NOTICE_SECONDS],
      );
      let queued = 0;
      for (const { id } of due) {
        queued += await db.transaction(async (tx) => {
          const row = await maybeOne<{ object: LocalSubscription; charges_fail: boolean }>(
            tx,
            'select object, charges_fail from local_subscriptions where id = $1 for update',
            [id],
          );
          if (!row) return 0;
          const { subscription, events } = advanceSubscription(row.object, {
            now,
            chargesFail: row.charges_fail,
          });
          if (JSON.stringify(subscription) !== JSON.stringify(row.object)) {
            await tx.query(
              'update local_subscriptions set object = $2::jsonb, updated_at = now() where id = $1',
              [id, JSON.stringify(subscription)],
            );
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
        const row = await maybeOne<{ object: LocalSubscription }>(
          tx,
          'select object from local_subscriptions where id = $1 for update',
          [subscriptionId],
        );
        if (!row) throw new Error(`local subscription ${subscriptionId} does not exist`);
        const overdue = row.object.status === 'past_due';
        if (overdue && outcome.chargesFail) return { ok: false as const, message: CARD_MESSAGES.declined };
        const subscription: LocalSubscription = {
          ...row.object,
          ...(overdue && { status: 'active' }),
          default_payment_method: { card: { brand: outcome.brand, last4: outcome.last4 } },
        };
        await tx.query(
          `update local_subscriptions set object = $2::jsonb, charges_fail = $3, updated_at = now() where id = $1`,
          [subscriptionId, JSON.stringify(subscription), outcome.chargesFail],
        );
        if (overdue) {
          const now = Math.floor(Date.now() / 1000);
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
      await db.query('update local_payment_deliveries set delivered_at = now() where event_id = $1', [
        eventId,
      ]);
    },
  };
}
