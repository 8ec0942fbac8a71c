import type { Queryable } from '../db/client';

/** A live session's account, as the session lookup reads it on every API request. */
export interface SessionRow {
  id: string;
  email: string;
  last_seen_at: Date;
  is_temporary: boolean;
}

/**
 * The `sessions` table (decisions 0003, 0008): only the SHA-256 of each token is stored. The
 * session plugin is its one user; the accounts area ends an account's other sessions itself
 * when a password changes, as part of that change.
 */
export function createSessionsRepository(db: Queryable) {
  return {
    /** The account of an unexpired session, with when the session was last seen. */
    async findLive(tokenHash: string): Promise<SessionRow | undefined> {
      const rows = await db.query<SessionRow>(
        `select a.id, a.email, s.last_seen_at, a.is_temporary from sessions s join accounts a on a.id = s.account_id
         where s.token_hash = $1 and s.expires_at > now()`,
        [tokenHash],
        { prepare: true },
      );
      return rows[0];
    },

    /** Marks the session seen now and moves its expiry to `ttlMs` from now. */
    async touch(tokenHash: string, ttlMs: number): Promise<void> {
      await db.query(
        `update sessions set last_seen_at = now(), expires_at = now() + make_interval(secs => $2::double precision)
         where token_hash = $1`,
        [tokenHash, ttlMs / 1000],
      );
    },

    async insert(session: {
      tokenHash: string;
      accountId: string;
      ttlMs: number;
      userAgent: string | null;
      ip: string;
    }): Promise<void> {
      await db.query(
        `insert into sessions (token_hash, account_id, expires_at, user_agent, ip)
         values ($1, $2, now() + make_interval(secs => $3::double precision), $4, $5)`,
        [session.tokenHash, session.accountId, session.ttlMs / 1000, session.userAgent, session.ip],
      );
    },

    async delete(tokenHash: string): Promise<void> {
      await db.query('delete from sessions where token_hash = $1', [tokenHash]);
    },
  };
}
