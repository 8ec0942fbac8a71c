import type { AnalyticsEvent } from '@klang/domain';
import type { Queryable } from '../../db/client';

export function createAnalyticsRepository(db: Queryable) {
  return {
    async insert(event: AnalyticsEvent, accountId: string | null): Promise<void> {
      await db.query(
        `insert into analytics_events (name, path, referrer, visitor_id, account_id, properties)
         values ($1, $2, $3, $4, $5, $6::jsonb)`,
        [
          event.name,
          event.path,
          event.referrer ?? null,
          event.visitorId ?? null,
          accountId,
          JSON.stringify(event.properties ?? {}),
        ],
      );
    },
    async countByName(name: AnalyticsEvent['name']): Promise<number> {
      const rows = await db.query<{ n: number }>(
        'select count(*)::int as n from analytics_events where name = $1',
        [name],
      );
      return rows[0]?.n ?? 0;
    },
  };
}
