import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client';
import { enqueueJob, type JobHandler } from '../../jobs/runner';
import { CHECKOUT_USER_TTL_MS } from './checkout.service';
import type { PaymentsRepository } from './payments.repository';
import type { PaymentsService } from './payments.service';

export const EXPIRE_ENTITLEMENTS_JOB = 'payments.expire-entitlements';
export const SWEEP_CHECKOUT_USERS_JOB = 'payments.sweep-checkout-users';
/** Provider calls one daily run makes at most; the rest wait for the next day. */
const SYNC_BATCH = 200;

/**
 * The daily fall back to free (DECISIONS.md): subscriptions whose period ended without news are
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
