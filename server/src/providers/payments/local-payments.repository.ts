import type Stripe from 'stripe';
import { maybeOne, type Db, type Queryable } from '../../db/client';
import type { LocalSubscription } from './local-billing-clock';

/** A row of local_checkout_sessions. */
export interface LocalSessionRow {
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
}

export interface NewLocalSession {
  id: string;
  accountId: string;
  idempotencyKey: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  email: string | null;
  metadata: Record<string, string>;
  trialDays: number;
  expiresAt: Date;
}

/**
 * The local payment provider's own tables (local_checkout_sessions, local_subscriptions,
 * local_payment_deliveries): SQL only, the Stripe-like rules live in local-payments.ts. Methods
 * that take `tx` run inside the provider's transaction.
 */
export function createLocalPaymentsRepository(db: Db) {
  return {
    /** Inserts a session; an idempotency key seen before inserts nothing and gives that session's id. */
    async insertSession(session: NewLocalSession): Promise<string | undefined> {
      const inserted = await db.query<{ id: string }>(
        `insert into local_checkout_sessions
           (id, account_id, idempotency_key, price_id, success_url, cancel_url, customer_email, metadata, trial_days, expires_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)
         on conflict (idempotency_key) do nothing
         returning id`,
        [
          session.id,
          session.accountId,
          session.idempotencyKey,
          session.priceId,
          session.successUrl,
          session.cancelUrl,
          session.email,
          JSON.stringify(session.metadata),
          session.trialDays,
          session.expiresAt.toISOString(),
        ],
      );
      if (inserted[0]) return inserted[0].id;
      const earlier = await maybeOne<{ id: string }>(
        db,
        'select id from local_checkout_sessions where idempotency_key = $1',
        [session.idempotencyKey],
      );
      return earlier?.id;
    },

    findSession(id: string): Promise<LocalSessionRow | undefined> {
      return maybeOne<LocalSessionRow>(db, 'select * from local_checkout_sessions where id = $1', [id]);
    },

    /** The session, locked until the paying transaction ends: one payment at a time. */
    lockSession(tx: Queryable, id: string): Promise<LocalSessionRow | undefined> {
      return maybeOne<LocalSessionRow>(tx, 'select * from local_checkout_sessions where id = $1 for update', [
        id,
      ]);
    },

    async completeSession(tx: Queryable, sessionId: string, subscriptionId: string): Promise<void> {
      await tx.query(
        `update local_checkout_sessions set status = 'complete', subscription_id = $2 where id = $1`,
        [sessionId, subscriptionId],
      );
    },

    async insertSubscription(
      tx: Queryable,
      row: { id: string; accountId: string; customerId: string; object: object; chargesFail: boolean },
    ): Promise<void> {
      await tx.query(
        `insert into local_subscriptions (id, account_id, customer_id, object, charges_fail)
         values ($1, $2, $3, $4::jsonb, $5)`,
        [row.id, row.accountId, row.customerId, JSON.stringify(row.object), row.chargesFail],
      );
    },

    async subscriptionObject(id: string): Promise<Stripe.Subscription | undefined> {
      const row = await maybeOne<{ object: Stripe.Subscription }>(
        db,
        'select object from local_subscriptions where id = $1',
        [id],
      );
      return row?.object;
    },

    /** The subscription and whether its card's charges fail, locked until the transaction ends. */
    lockSubscription(tx: Queryable, id: string) {
      return maybeOne<{ object: LocalSubscription; charges_fail: boolean }>(
        tx,
        'select object, charges_fail from local_subscriptions where id = $1 for update',
        [id],
      );
    },

    /** Stores the subscription's new state, and its card's when given. */
    async saveSubscription(
      tx: Queryable,
      id: string,
      object: LocalSubscription,
      chargesFail?: boolean,
    ): Promise<void> {
      await tx.query(
        `update local_subscriptions
         set object = $2::jsonb, charges_fail = coalesce($3::boolean, charges_fail), updated_at = now()
         where id = $1`,
        [id, JSON.stringify(object), chargesFail ?? null],
      );
    },

    /** Sets cancel_at_period_end on the stored subscription; undefined when there is none. */
    async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<Stripe.Subscription | undefined> {
      const row = await maybeOne<{ object: Stripe.Subscription }>(
        db,
        `update local_subscriptions
         set object = jsonb_set(object, '{cancel_at_period_end}', to_jsonb($2::boolean)), updated_at = now()
         where id = $1 returning object`,
        [id, cancel],
      );
      return row?.object;
    },

    /**
     * Subscriptions the clock may change by `nowSeconds`: a trial notice or a period end within
     * `noticeSeconds`, or a past-due subscription.
     */
    async dueSubscriptions(nowSeconds: number, noticeSeconds: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select id from local_subscriptions
         where object->>'status' in ('trialing', 'active', 'past_due')
           and ((object->'items'->'data'->0->>'current_period_end')::bigint <= $1::bigint + $2::bigint
                or object->>'status' = 'past_due')`,
        [nowSeconds, noticeSeconds],
      );
      return rows.map((row) => row.id);
    },

    /** Queues an event's payload for the webhook; false when that event was queued before. */
    async queueDelivery(
      tx: Queryable,
      eventId: string,
      checkoutSessionId: string | null,
      payload: string,
    ): Promise<boolean> {
      const inserted = await tx.query(
        `insert into local_payment_deliveries (event_id, checkout_session_id, payload) values ($1, $2, $3)
         on conflict (event_id) do nothing returning event_id`,
        [eventId, checkoutSessionId, payload],
      );
      return inserted.length > 0;
    },

    /** The undelivered events, oldest first; of one checkout session when it is given. */
    pendingDeliveries(checkoutSessionId: string | null) {
      return db.query<{ event_id: string; payload: string }>(
        `select event_id, payload from local_payment_deliveries
         where delivered_at is null and ($1::text is null or checkout_session_id = $1)
         order by created_at, event_id`,
        [checkoutSessionId],
      );
    },

    async markDelivered(eventId: string): Promise<void> {
      await db.query('update local_payment_deliveries set delivered_at = now() where event_id = $1', [
        eventId,
      ]);
    },
  };
}

export type LocalPaymentsRepository = ReturnType<typeof createLocalPaymentsRepository>;
