import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionTier } from '@klang/domain';
import type { Queryable } from '../../db/client';
import { enqueueJob } from '../../jobs/runner';
import {
  snapshotOf,
  type PaymentEvent,
  type PaymentProvider,
  type SubscriptionSnapshot,
  type SubscriptionStatus,
} from '../../providers/payments/payment-provider';
import { APPLY_PAYMENT_EVENT_JOB, BILLING_EMAIL_JOB } from './payments.jobs';
import type { PaymentsRepository } from './payments.repository';

/** The events that owe the artist an email (issue 8): the trial ends soon; a payment failed. */
const EMAILED_EVENTS = ['customer.subscription.trial_will_end', 'invoice.payment_failed'] as const;
export type BillingEmailKind = (typeof EMAILED_EVENTS)[number];

/** The events that change what an artist has; any other verified event is recorded and left. */
export const HANDLED_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

/** Statuses after which a subscription can never grant access again. */
const ENDED: readonly SubscriptionStatus[] = ['canceled', 'incomplete_expired'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * product-decisions.md: access while the provider says trialing or active, free otherwise. The tier
 * follows: trialing is the trial (ending when the provider's does), active is pro.
 */
export function tierFor(status: SubscriptionStatus): SubscriptionTier {
  if (status === 'trialing') return 'trial';
  if (status === 'active') return 'pro';
  return 'free';
}

interface References {
  subscriptionId: string | null;
  userId: string | null;
  customerId: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
/** Expandable fields arrive as an id or as the object. */
const idOf = (value: unknown): string | null => text(value) ?? text(record(value).id);

/** Who and which subscription an event is about, wherever its type keeps them. */
function referencesOf(event: PaymentEvent): References {
  const object = event.object;
  if (event.type === 'checkout.session.completed') {
    return {
      subscriptionId: idOf(object.subscription),
      userId: text(object.client_reference_id) ?? text(record(object.metadata).user_id),
      customerId: idOf(object.customer),
    };
  }
  if (event.type.startsWith('customer.subscription.')) {
    return {
      subscriptionId: text(object.id),
      userId: text(record(object.metadata).user_id),
      customerId: idOf(object.customer),
    };
  }
  // Since API version basil an invoice names its subscription under parent.subscription_details.
  const details = record(record(object.parent).subscription_details);
  return {
    subscriptionId: idOf(details.subscription),
    userId: text(record(details.metadata).user_id),
    customerId: idOf(object.customer),
  };
}

/**
 * Webhook events, applied so that order and repetition do not matter: an event only says that
 * something changed; the job asks the provider for the subscription as it is now and writes that.
 * Applying the same events in any order, any number of times, ends in the provider's state.
 */
export function createPaymentsService(deps: {
  repository: PaymentsRepository;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}) {
  const { repository, provider, log } = deps;

  /** Records a verified event once and queues its work; answers whether it was new. */
  function receive(event: PaymentEvent): Promise<boolean> {
    return repository.db.transaction(async (tx) => {
      const isNew = await repository.recordEvent(tx, provider.name, event);
      if (isNew) {
        await enqueueJob(
          tx,
          APPLY_PAYMENT_EVENT_JOB,
          { eventId: event.id },
          {
            dedupeKey: `${APPLY_PAYMENT_EVENT_JOB}:${event.id}`,
            maxAttempts: 10,
          },
        );
      }
      return isNew;
    });
  }

  async function apply(eventId: string): Promise<void> {
    const stored = await repository.loadEvent(eventId);
    if (!stored || stored.processed_at) return;
    const event = stored.payload;
    const done = () => repository.db.transaction((tx) => repository.markProcessed(tx, event.id));
    if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) return done();

    const refs = referencesOf(event);
    // Outside the transaction: a provider call must not hold the account's row locked.
    let snapshot = refs.subscriptionId ? await provider.retrieveSubscription(refs.subscriptionId) : null;
    if (!snapshot && event.type.startsWith('customer.subscription.')) {
      // The provider no longer knows it: the event's own copy is the last word, ended if deleted.
      const own = snapshotOf(event.object as never);
      snapshot = event.type === 'customer.subscription.deleted' ? { ...own, status: 'canceled' } : own;
    }

    await repository.db.transaction(async (tx) => {
      const userId = refs.userId ?? snapshot?.userId ?? null;
      const accountId =
        userId && UUID.test(userId) && (await repository.accountExists(tx, userId))
          ? userId
          : refs.subscriptionId
            ? await repository.accountForSubscription(tx, provider.name, refs.subscriptionId)
            : undefined;
      if (!accountId) {
        log.warn(
          { eventId: event.id, type: event.type },
          'payment event names no known account; recorded only',
        );
        await repository.markProcessed(tx, event.id);
        return;
      }
      const current = await repository.lockSubscription(tx, accountId);
      if (event.type === 'checkout.session.completed') {
        await repository.linkCheckout(tx, accountId, provider.name, {
          customerId: refs.customerId,
          subscriptionId: refs.subscriptionId,
          checkoutSessionId: String(event.object.id),
        });
      }
      if (snapshot && !supersedes(current, snapshot)) {
        log.info(
          { eventId: event.id, subscription: snapshot.id },
          'an ended subscription does not replace a live one',
        );
      } else if (snapshot) {
        await writeState(tx, accountId, snapshot);
      }
      if ((EMAILED_EVENTS as readonly string[]).includes(event.type)) {
        // Queued with the event's processing: sent once the state is written, retried if the
        // email provider is down, and never twice for one event.
        await enqueueJob(
          tx,
          BILLING_EMAIL_JOB,
          { eventId: event.id, accountId, kind: event.type },
          { dedupeKey: `${BILLING_EMAIL_JOB}:${event.id}`, maxAttempts: 10 },
        );
      }
      await repository.markProcessed(tx, event.id);
    });
  }

  /**
   * Asks the provider for the account's subscription as it is now and writes it (the debug
   * sync, the Subscription tab's changes, the daily check). Answers what was written.
   */
  async function sync(accountId: string): Promise<SubscriptionSnapshot | null> {
    const current = await repository.subscriptionOf(accountId);
    if (!current?.subscription_id) return null;
    const snapshot = await provider.retrieveSubscription(current.subscription_id);
    if (!snapshot) return null;
    await record(accountId, snapshot);
    return snapshot;
  }

  /** Writes a subscription state the provider has just answered, under the account's row lock. */
  async function record(accountId: string, snapshot: SubscriptionSnapshot): Promise<void> {
    await repository.db.transaction(async (tx) => {
      const current = await repository.lockSubscription(tx, accountId);
      if (supersedes(current, snapshot)) await writeState(tx, accountId, snapshot);
    });
  }

  return { receive, apply, sync, record };

  async function writeState(tx: Queryable, accountId: string, snapshot: SubscriptionSnapshot) {
    await repository.writeSnapshot(tx, accountId, provider.name, snapshot);
    await repository.setArtistTier(tx, accountId, tierFor(snapshot.status), snapshot.trialEnd);
  }
}

/**
 * Whether a subscription's state may be written over the account's current row. The row follows
 * one subscription; an ended other one (an old subscription's late events) never replaces a live one.
 */
function supersedes(
  current: { subscription_id: string | null; subscription_status: SubscriptionStatus } | undefined,
  snapshot: SubscriptionSnapshot,
): boolean {
  if (!current?.subscription_id || current.subscription_id === snapshot.id) return true;
  return !(ENDED.includes(snapshot.status) && !ENDED.includes(current.subscription_status));
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
