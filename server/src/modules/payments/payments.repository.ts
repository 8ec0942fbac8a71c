import type { SubscriptionTier } from '@klang/domain';
import { maybeOne, type Db, type Queryable } from '../../db/client';
import type { PaymentEvent, SubscriptionSnapshot } from '../../providers/payments/payment-provider';

/** A live subscription whose period ended this long ago without renewal has lapsed. */
export const LAPSE_GRACE_DAYS = 3;

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

    /**
     * Sets an artist's tier from the provider's; nothing else of the profile changes (tracks and
     * features stay as they are). The in-app signup trial still running (product-decisions.md: access
     * while it runs) keeps the tier at trial when the provider grants nothing. A provider trial
     * moves the shown trial_end_date only later, never earlier, so the order of signup and
     * webhook does not matter.
     */
    async setArtistTier(tx: Queryable, accountId: string, tier: SubscriptionTier, trialEnd: Date | null) {
      await tx.query(
        `update artist_profiles
         set subscription_tier = case
               when $2 <> 'free' then $2
               when signup_trial_end > now() then 'trial'
               else 'free'
             end,
             trial_end_date = case
               when $2 = 'trial' and $3::timestamptz is not null
                 then greatest(coalesce(trial_end_date, $3::timestamptz), $3::timestamptz)
               else trial_end_date
             end,
             updated_at = now()
         where id = $1`,
        [accountId, tier, trialEnd?.toISOString() ?? null],
      );
    },

    /** The account's payment row as the Subscription tab and the sync read it. */
    subscriptionOf(accountId: string) {
      return maybeOne<{
        provider: 'stripe' | 'local';
        customer_id: string | null;
        subscription_id: string | null;
        subscription_status: SubscriptionSnapshot['status'];
        current_period_end: Date | string | null;
        trial_end: Date | string | null;
        cancel_at_period_end: boolean;
      }>(
        db,
        `select provider, customer_id, subscription_id, subscription_status, current_period_end,
                trial_end, cancel_at_period_end
         from payment_subscriptions where account_id = $1`,
        [accountId],
      );
    },

    /** Whether the account has a subscription a new checkout would duplicate (trialing, active, past due). */
    async hasLiveSubscription(accountId: string): Promise<boolean> {
      const rows = await db.query(
        `select 1 from payment_subscriptions
         where account_id = $1 and subscription_status in ('trialing', 'active', 'past_due')`,
        [accountId],
      );
      return rows.length > 0;
    },

    /** Live subscriptions whose period ended over a day ago: the provider is asked again. */
    async overdueSubscriptions(limit: number): Promise<string[]> {
      const rows = await db.query<{ account_id: string }>(
        `select account_id from payment_subscriptions
         where subscription_status in ('trialing', 'active') and subscription_id is not null
           and current_period_end < now() - interval '1 day'
         order by current_period_end limit $1`,
        [limit],
      );
      return rows.map((row) => row.account_id);
    },

    /**
     * The daily fall back to free (product-decisions.md): a trial whose in-app end has passed, or a tier
     * that came from a subscription the provider no longer grants (or whose period lapsed without
     * renewal), with no live subscription left. Only the tier changes; tracks, features and
     * settings stay. A pro tier that no payment ever gave (the seeded accounts) is not touched.
     */
    async expireEntitlements(): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `update artist_profiles ap set subscription_tier = 'free', updated_at = now()
         where ap.subscription_tier <> 'free'
           and (ap.signup_trial_end is null or ap.signup_trial_end <= now())
           and (ap.subscription_tier = 'trial'
                or exists (select 1 from payment_subscriptions p where p.account_id = ap.id))
           and not exists (
             select 1 from payment_subscriptions p
             where p.account_id = ap.id and p.subscription_status in ('trialing', 'active')
               and (p.current_period_end is null
                    or p.current_period_end > now() - $1::int * interval '1 day'))
         returning ap.id`,
        [LAPSE_GRACE_DAYS],
      );
      return rows.map((row) => row.id);
    },

    /** Temporary checkout users older than `ttlMs` that never opened a subscription. */
    async abandonedCheckoutUsers(ttlMs: number): Promise<string[]> {
      const rows = await db.query<{ id: string }>(
        `select a.id from accounts a
         where a.is_temporary and a.created_for_checkout
           and a.created_at < now() - ($1::int * interval '1 millisecond')
           and not exists (select 1 from payment_subscriptions p where p.account_id = a.id)
           and not exists (select 1 from local_subscriptions l where l.account_id = a.id)`,
        [ttlMs],
      );
      return rows.map((row) => row.id);
    },

    /** Whether the account is a temporary checkout user still waiting for its signup. */
    async isCheckoutUser(accountId: string): Promise<boolean> {
      const rows = await db.query(
        'select 1 from accounts where id = $1 and is_temporary and created_for_checkout',
        [accountId],
      );
      return rows.length > 0;
    },

    /** Who a billing email goes to: the artist's address and name. */
    recipientOf(accountId: string) {
      return maybeOne<{ email: string; name: string | null; is_temporary: boolean }>(
        db,
        `select a.email, coalesce(p.artist_name, p.username) as name, a.is_temporary
         from accounts a left join profiles p on p.id = a.id where a.id = $1`,
        [accountId],
      );
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
