import { maybeOne, type Queryable } from '../../db/client';

/** SQL of the email verification (email-verification.service.ts, decision 0255). */
export function createEmailVerificationRepository(db: Queryable) {
  return {
    async createToken(input: { accountId: string; email: string; tokenHash: string; ttlSeconds: number }) {
      await db.query(
        `insert into email_verification_tokens (token_hash, account_id, email, expires_at)
         values ($1, $2, $3, now() + make_interval(secs => $4::double precision))`,
        [input.tokenHash, input.accountId, input.email, input.ttlSeconds],
      );
    },

    /**
     * Uses the token up and marks its account verified, in one statement: only an unused,
     * unexpired token, and only while the account still holds the address the link was sent to
     * and is no temporary checkout account. The account's id, or undefined when nothing was verified.
     */
    async consume(tokenHash: string): Promise<string | undefined> {
      const row = await maybeOne<{ id: string }>(
        db,
        `with used as (
           update email_verification_tokens set used_at = now()
           where token_hash = $1 and used_at is null and expires_at > now()
           returning account_id, email)
         update accounts a set email_verified_at = coalesce(a.email_verified_at, now()), updated_at = now()
         from used where a.id = used.account_id and a.email = used.email and not a.is_temporary
         returning a.id`,
        [tokenHash],
      );
      return row?.id;
    },

    /** What a resend needs: the address, and whether there is anything left to verify. */
    state(
      accountId: string,
    ): Promise<{ email: string; verified: boolean; is_temporary: boolean } | undefined> {
      return maybeOne(
        db,
        `select email, email_verified_at is not null as verified, is_temporary from accounts where id = $1`,
        [accountId],
      );
    },
  };
}

export type EmailVerificationRepository = ReturnType<typeof createEmailVerificationRepository>;
