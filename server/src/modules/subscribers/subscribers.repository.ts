import type { normaliseSubscriber } from '@klang/domain';
import type { Queryable } from '../../db/client';

type SubscriberRow = ReturnType<typeof normaliseSubscriber>;

export function createSubscribersRepository(db: Queryable) {
  return {
    /**
     * Inserts the registration; an address that unsubscribed earlier registers afresh (its row is
     * replaced). False when the address is already registered and subscribed: the duplicate.
     */
    async register(row: SubscriberRow): Promise<boolean> {
      const inserted = await db.query(
        `insert into subscribers (role, name, artist_name, email, username, marketing_opt_in, genre, ios_beta_interest)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (email) do update set
           role = excluded.role, name = excluded.name, artist_name = excluded.artist_name,
           username = excluded.username, marketing_opt_in = excluded.marketing_opt_in,
           genre = excluded.genre, ios_beta_interest = excluded.ios_beta_interest,
           unsubscribed_at = null, created_at = now()
         where subscribers.unsubscribed_at is not null
         returning id`,
        [
          row.role,
          row.name,
          row.artist_name,
          row.email,
          row.username,
          row.marketing_opt_in,
          row.genre,
          row.ios_beta_interest,
        ],
      );
      return inserted.length === 1;
    },
    async unsuppress(email: string): Promise<void> {
      await db.query('delete from marketing_suppressions where email = $1', [email]);
    },
    /** Suppresses the address and turns marketing off on a registration, if there is one. */
    async unsubscribe(email: string): Promise<void> {
      await db.query(
        'insert into marketing_suppressions (email) values ($1) on conflict (email) do nothing',
        [email],
      );
      await db.query(
        `update subscribers set marketing_opt_in = false, unsubscribed_at = coalesce(unsubscribed_at, now())
         where email = $1`,
        [email],
      );
    },
    async isSuppressed(email: string): Promise<boolean> {
      const rows = await db.query('select 1 from marketing_suppressions where email = $1', [email]);
      return rows.length > 0;
    },
    async findMarketingRecipients(): Promise<string[]> {
      const rows = await db.query<{ email: string }>(
        `select s.email from subscribers s
         where s.marketing_opt_in and s.unsubscribed_at is null
           and not exists (select 1 from marketing_suppressions m where m.email = s.email)
         order by s.created_at`,
      );
      return rows.map((r) => r.email);
    },
  };
}
