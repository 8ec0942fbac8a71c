import type { ShareEventName } from '@klang/domain';
import type { Queryable } from '../../db/client';

/** The path every share event is recorded under: the share page's pattern, naming no link. */
const SHARE_EVENT_PATH = '/s/:token';

export interface FunnelDay {
  day: string;
  shares_made: number;
  opens: number;
  previews: number;
  shared_deals: number;
  new_listeners: number;
}

/** The SQL of the share funnel (issue 32 item 6, decision 0309). */
export function createShareFunnelRepository(db: Queryable) {
  return {
    /** Records one step of the funnel, as the server saw it happen. */
    async record(name: ShareEventName, accountId: string | null, isFirstDeal: boolean): Promise<void> {
      await db.query(
        `insert into analytics_events (name, path, account_id, properties) values ($1, $2, $3, $4::jsonb)`,
        [name, SHARE_EVENT_PATH, accountId, JSON.stringify(isFirstDeal ? { first_deal: true } : {})],
      );
    },

    /** Each UTC day from `since` to `until`, every day listed, with its share events counted. */
    async days(since: string, until: string): Promise<FunnelDay[]> {
      return db.query<FunnelDay>(
        `select to_char(d.day, 'YYYY-MM-DD') as day,
           count(e.id) filter (where e.name = 'share_made')::int as shares_made,
           count(e.id) filter (where e.name = 'share_opened')::int as opens,
           count(e.id) filter (where e.name = 'share_previewed')::int as previews,
           count(e.id) filter (where e.name = 'share_dealt')::int as shared_deals,
           count(e.id) filter (where e.name = 'share_dealt' and e.properties ? 'first_deal')::int as new_listeners
         from generate_series($1::timestamp, $2::timestamp, interval '1 day') as d(day)
         left join analytics_events e
           on e.name in ('share_made', 'share_opened', 'share_previewed', 'share_dealt')
          and e.created_at >= d.day at time zone 'utc'
          and e.created_at < (d.day + interval '1 day') at time zone 'utc'
         group by d.day order by d.day`,
        [since, until],
      );
    },

    /** Likes of deals since `since` (each one a reveal), and those of shared deals. */
    async likes(since: string): Promise<{ reveals: number; shared_likes: number }> {
      const rows = await db.query<{ reveals: number; shared_likes: number }>(
        `select count(*)::int as reveals, count(*) filter (where origin = 'share')::int as shared_likes
         from deals where ended_as = 'like' and ended_at >= $1::timestamp at time zone 'utc'`,
        [since],
      );
      return rows[0] ?? { reveals: 0, shared_likes: 0 };
    },
  };
}

export type ShareFunnelRepository = ReturnType<typeof createShareFunnelRepository>;
