import type { AnalyticsEvent } from '@klang/domain';
import type { createAnalyticsRepository } from './analytics.repository';

/**
 * First-party analytics: page views (spec 002 §4) and the artist signup clicks (spec 000 §2).
 * Nothing leaves Klang. A query string is dropped before storing: it can carry an email
 * (the unsubscribe link) or a checkout session id.
 */
export function createAnalyticsService(deps: { repository: ReturnType<typeof createAnalyticsRepository> }) {
  return {
    async record(event: AnalyticsEvent, accountId: string | null): Promise<void> {
      const path = event.path.split(/[?#]/)[0] ?? '/';
      const referrer = event.referrer ? stripQuery(event.referrer) : undefined;
      await deps.repository.insert({ ...event, path, ...(referrer && { referrer }) }, accountId);
    },
  };
}

function stripQuery(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return undefined;
  }
}
