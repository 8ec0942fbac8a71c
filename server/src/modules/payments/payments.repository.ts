import type { SubscriptionTier } from '@klang/domain';
import { maybeOne, type Db, type Queryable } from '../../db/client';
import type { PaymentEvent, SubscriptionSnapshot } from '../../providers/payments/payment-provider';

export interface PaymentSubscriptionRow {
  account_id: string;
  provider: 'stripe' | 'local';
  customer_id: string | null;
  subscription_id: string | null;
  checkout_session_id: string | null;
  subscription_status: SubscriptionSnapshot['status'];
}

export interface StoredPaymentEvent {
  id: string;
  provider: 'stripe' | 'local';
  type: string;
  payload: PaymentEvent;
  processed_at: string | Date | null;
}

/** payment_events, payment_subscriptions and the artist's tier: the only SQL of the payments area. */
export function createPaymentsRepository(db: Db) {
  return {
    db,

    /** Records a verified event; false when its id was seen before (a redelivery). */
    async recordEvent(tx: Queryable, provider: string, event: PaymentEvent): Promise<boolean> {
      const rows = await tx.query<{ id: string }>(
        `insert into payment_events (id, provider, type, payload) values ($1, $2, $3, $4::jsonb)
         on conflict (id) do nothing returning id`,
        [event.id, provider, event.type, JSON.stringify(event)],
      );
      return rows.length > 0;
    },

    loadEvent(id: string) {
      return maybeOne<StoredPaymentEvent>(
        db,
        'select id, provider, type, payload, processed_at from payment_events where id = $1',
        [id],
      );
    },

    async markProcessed(tx: Queryable, id: string) {
      await tx.query('update payment_events set processed_at = now() where id = $1', [id]);
    },

    async accountExists(tx: Queryable, id: string): Promise<boolean> {
      const rows = await tx.query('select 1 from accounts where id = $1', [id]);
      return rows.length > 0;
    },

    async accountForSubscription(tx: Queryable, provider: string, subscriptionId: string) {
      const row = await maybeOne<{ account_id: string }>(
        tx,
        'select account_id from payment_subscriptions where provider = $1 and subscription_id = $2',
        [provider, subscriptionId],
      );
      return row?.account_id;
    },

    /** The account's payment row, locked until the transaction ends: one event applies at a time. */
    lockSubscription(tx: Queryable, accountId: string) {
      return maybeOne<PaymentSubscriptionRow>(
        tx,
        `select account_id, provider, customer_id, subscription_id, checkout_session_id, subscription_status
         from payment_subscriptions where account_id = $1 for update`,
        [accountId],
      );
    },

    /** Links a completed checkout before the subscription's state is known; a known state is kept. */
    async linkCheckout(
      tx: Queryable,
      accountId: string,
      provider: string,
      link: { customerId: string | null; subscriptionId: string | null; checkoutSessionId: string },
    ) {
      await tx.query(
        `insert into payment_subscriptions
           (account_id, provider, customer_id, subscription_id, checkout_session_id, subscription_status)
         values ($1, $2, $3, $4, $5, 'incomplete')
         on conflict (account_id) do update set
           checkout_session_id = excluded.checkout_session_id,
           customer_id = coalesce(payment_subscriptions.customer_id, excluded.customer_id),
           subscription_id = coalesce(payment_subscriptions.subscription_id, excluded.subscription_id),
           updated_at = now()`,
        [accountId, provider, link.customerId, link.subscriptionId, link.checkoutSessionId],
      );
    },

    async writeSnapshot(tx: Queryable, accountId: string, provider: string, snapshot: SubscriptionSnapshot) {
      await tx.query(
        `insert into payment_subscriptions
           (account_id, provider, customer_id, subscription_id, price_id, subscription_status,
            current_period_end, trial_end, cancel_at_period_end)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         on conflict (account_id) do update set
           provider = excluded.provider,
           customer_id = coalesce(excluded.customer_id, payment_subscriptions.customer_id),
           subscription_id = excluded.subscription_id,
           price_id = excluded.price_id,
           subscription_status = excluded.subscription_status,
           current_period_end = excluded.current_period_end,
           trial_end = excluded.trial_end,
           cancel_at_period_end = excluded.cancel_at_period_end,
           updated_at = now()`,
        [
          accountId,
          provider,
          snapshot.customerId,
          snapshot.id,
          snapshot.priceId,
          snapshot.status,
          snapshot.currentPeriodEnd?.toISOString() ?? null,
          snapshot.trialEnd?.toISOString() ?? null,
          snapshot.cancelAtPeriodEnd,
        ],
      );
    },

    /** Sets an artist's tier; nothing else of the profile (tracks and features stay as they are). */
    async setArtistTier(tx: Queryable, accountId: string, tier: SubscriptionTier, trialEnd: Date | null) {
      await tx.query(
        `update artist_profiles
         set subscription_tier = $2,
             trial_end_date = case when $2 = 'trial' then $3::timestamptz else trial_end_date end,
             updated_at = now()
         where id = $1`,
        [accountId, tier, trialEnd?.toISOString() ?? null],
      );
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
