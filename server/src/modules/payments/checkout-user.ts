import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkoutUserResponseSchema } from '@klang/domain';
import { one, type Db } from '../../db/client';
import { enqueueJob, type JobHandler } from '../../jobs/runner';

export const DISCARD_CHECKOUT_USER_JOB = 'payments.discard-checkout-user';
/** product-decisions.md / issue 8: an abandoned temporary user goes after a day. */
export const CHECKOUT_USER_TTL_MS = 24 * 60 * 60_000;

/**
 * The temporary checkout user: a throwaway address under a reserved domain and no password at
 * all (nobody can sign in as it; only the session made here holds it). Its removal after a day
 * is queued with it, in the same transaction.
 */
export const checkoutUserRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    '/functions/v1/create-checkout-user',
    {
      schema: { tags: ['functions'], response: { 200: checkoutUserResponseSchema } },
      config: { rateLimit: { max: 5, timeWindow: 60 * 60_000 }, allowTemporaryAccount: true },
    },
    async (request, reply) => {
      // Someone already signed in checks out as themselves.
      if (request.account) {
        const [row] = await db.query<{ is_temporary: boolean }>(
          'select is_temporary from accounts where id = $1',
          [request.account.id],
        );
        return { user_id: request.account.id, is_temporary: row?.is_temporary ?? false };
      }
      const id = await db.transaction(async (tx) => {
        const email = `checkout-${randomBytes(12).toString('hex')}@checkout.klang.invalid`;
        const account = await one<{ id: string }>(
          tx,
          `insert into accounts (email, password_hash, is_temporary, created_for_checkout)
           values ($1, null, true, true) returning id`,
          [email],
        );
        await enqueueJob(
          tx,
          DISCARD_CHECKOUT_USER_JOB,
          { accountId: account.id },
          {
            runAt: new Date(Date.now() + CHECKOUT_USER_TTL_MS),
            dedupeKey: `${DISCARD_CHECKOUT_USER_JOB}:${account.id}`,
          },
        );
        return account.id;
      });
      await app.startSession(reply, request, id);
      return { user_id: id, is_temporary: true };
    },
  );
};

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
