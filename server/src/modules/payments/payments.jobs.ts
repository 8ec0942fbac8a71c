import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { JobKind } from '../../jobs/lanes';
import { enqueueJob, type JobHandler } from '../../jobs/runner';
import { composeBillingEmail } from './billing-emails';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentsService } from './payments.service';

// The payments area's job kinds: the strings stored in `jobs.kind`, never renamed.
export const APPLY_PAYMENT_EVENT_JOB = 'payments.apply-event';
export const BILLING_EMAIL_JOB = 'payments.billing-email';
export const DISCARD_CHECKOUT_USER_JOB = 'payments.discard-checkout-user';
export const EXPIRE_ENTITLEMENTS_JOB = 'payments.expire-entitlements';
export const SWEEP_CHECKOUT_USERS_JOB = 'payments.sweep-checkout-users';
/** The local provider's own (local-delivery.ts): registered only when payments are local. */
export const LOCAL_DELIVERY_JOB = 'payments.local-deliver';
export const LOCAL_BILLING_CLOCK_JOB = 'payments.local-billing-clock';

/** product-decisions.md / issue 8: an abandoned temporary user goes after a day. */
export const CHECKOUT_USER_TTL_MS = 24 * 60 * 60_000;
/** Provider calls one daily run makes at most; the rest wait for the next day. */
const SYNC_BATCH = 200;
/** The local delivery's safety net runs after the page's own delivery would have finished. */
const LOCAL_DELIVERY_RETRY_MS = 30_000;

export interface BillingEmailSender {
  send(input: { template: string; to: string; subject: string; text: string }): Promise<{ emailId: string }>;
}

export interface PaymentsJobsDeps {
  repository: PaymentsRepository;
  payments: PaymentsService;
  /** The accounts service's discard: the account deletion's path (counters, rows, files). */
  discard: (accountId: string) => Promise<boolean>;
  email: BillingEmailSender;
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** The payments area's kinds, whichever provider is configured: its own lane, and email's. */
export function createPaymentsJobKinds(deps: PaymentsJobsDeps): Record<string, JobKind> {
  return {
    [APPLY_PAYMENT_EVENT_JOB]: { lane: 'payments', run: createApplyPaymentEventHandler(deps.payments) },
    [DISCARD_CHECKOUT_USER_JOB]: { lane: 'payments', run: createDiscardCheckoutUserHandler(deps.discard) },
    [SWEEP_CHECKOUT_USERS_JOB]: { lane: 'payments', run: createSweepCheckoutUsersHandler(deps) },
    [EXPIRE_ENTITLEMENTS_JOB]: { lane: 'payments', run: createExpireEntitlementsHandler(deps) },
    [BILLING_EMAIL_JOB]: { lane: 'email', run: createBillingEmailHandler(deps) },
  };
}

const eventPayload = z.object({ eventId: z.string().min(1) });

/** Applies one recorded webhook event; a provider outage fails the job, which retries. */
export function createApplyPaymentEventHandler(service: PaymentsService): JobHandler {
  return async function applyPaymentEvent(job) {
    await service.apply(eventPayload.parse(job.payload).eventId);
  };
}

/**
 * Removes a checkout user still temporary after a day, unless a subscription was opened for it
 * (a payment is never thrown away with an unfinished signup), through the account deletion's
 * path: counters undone, rows and files removed (`discard`, the accounts service's).
 */
export function createDiscardCheckoutUserHandler(
  discard: (accountId: string) => Promise<boolean>,
): JobHandler {
  return async function discardCheckoutUser(job) {
    const { accountId } = z.object({ accountId: z.uuid() }).parse(job.payload);
    await discard(accountId);
  };
}

const billingEmailPayload = z.object({
  eventId: z.string().min(1),
  accountId: z.uuid(),
  kind: z.enum(['customer.subscription.trial_will_end', 'invoice.payment_failed']),
});

/** Sends the email a trial_will_end or payment_failed event owes; a temporary user has no address to write to. */
export function createBillingEmailHandler(deps: {
  repository: PaymentsRepository;
  email: BillingEmailSender;
  publicUrl: string;
}): JobHandler {
  return async function sendBillingEmail(job) {
    const { accountId, kind } = billingEmailPayload.parse(job.payload);
    const recipient = await deps.repository.recipientOf(accountId);
    if (!recipient || recipient.is_temporary) return;
    const subscription = await deps.repository.subscriptionOf(accountId);
    const message = composeBillingEmail(kind, {
      name: recipient.name ?? 'there',
      trialEnd: subscription?.trial_end ?? null,
      settingsUrl: new URL('/profile', deps.publicUrl).toString(),
    });
    await deps.email.send({ ...message, to: recipient.email });
  };
}

/**
 * The daily fall back to free (product-decisions.md): subscriptions whose period ended without news are
 * asked about again first (a webhook may have been lost), then every tier nothing grants any more
 * goes back to free. Nothing is deleted.
 */
export function createExpireEntitlementsHandler(deps: {
  repository: PaymentsRepository;
  payments: PaymentsService;
  log: FastifyBaseLogger;
}): JobHandler {
  return async function expireEntitlements() {
    for (const accountId of await deps.repository.overdueSubscriptions(SYNC_BATCH)) {
      await deps.payments.sync(accountId).catch((error: unknown) => {
        // One provider failure must not keep everyone else's trial running.
        deps.log.warn({ err: error, accountId }, 'subscription not re-read from the provider');
      });
    }
    const expired = await deps.repository.expireEntitlements();
    if (expired.length > 0) deps.log.info({ count: expired.length }, 'artists moved back to free');
  };
}

/**
 * The daily sweep of abandoned temporary checkout users: the per-user removal job queued at
 * creation is the first line; this catches any that job missed (it exhausted its attempts, or the
 * user predates it). Only temporary checkout users without a subscription are removed.
 */
export function createSweepCheckoutUsersHandler(deps: {
  repository: PaymentsRepository;
  /** The accounts service's discard: the account deletion's path (counters, rows, files). */
  discard: (accountId: string) => Promise<boolean>;
  log: FastifyBaseLogger;
}): JobHandler {
  return async function sweepCheckoutUsers() {
    let removed = 0;
    for (const id of await deps.repository.abandonedCheckoutUsers(CHECKOUT_USER_TTL_MS)) {
      if (await deps.discard(id)) removed += 1;
    }
    if (removed > 0) deps.log.info({ count: removed }, 'abandoned checkout users removed');
  };
}

/** Queues both daily jobs once per UTC day: the day is in the dedupe key, so asking again is a no-op. */
export async function requestPaymentsMaintenance(db: Queryable, at: Date): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  for (const kind of [EXPIRE_ENTITLEMENTS_JOB, SWEEP_CHECKOUT_USERS_JOB]) {
    await enqueueJob(db, kind, { day }, { dedupeKey: `${kind}:${day}` });
  }
}

/** Schedules the local provider's safety-net delivery inside the paying transaction. */
export async function scheduleLocalDelivery(tx: Queryable, checkoutSessionId: string): Promise<void> {
  await enqueueJob(
    tx,
    LOCAL_DELIVERY_JOB,
    { checkoutSessionId },
    {
      runAt: new Date(Date.now() + LOCAL_DELIVERY_RETRY_MS),
      dedupeKey: `${LOCAL_DELIVERY_JOB}:${checkoutSessionId}`,
      maxAttempts: 10,
    },
  );
}

/**
 * Queues the local provider's billing clock once per UTC hour (the hour is in the dedupe key):
 * renewals land within the hour, well inside the three days of grace the entitlement check allows.
 */
export async function requestLocalBillingClock(db: Queryable, at: Date): Promise<void> {
  const hour = at.toISOString().slice(0, 13);
  await enqueueJob(
    db,
    LOCAL_BILLING_CLOCK_JOB,
    { hour },
    { dedupeKey: `${LOCAL_BILLING_CLOCK_JOB}:${hour}` },
  );
}
