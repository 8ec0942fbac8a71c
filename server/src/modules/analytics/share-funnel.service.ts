import type { ShareEventName, ShareFunnel } from '@klang/domain';
import type { ShareFunnelRepository } from './share-funnel.repository';

const DAY_MS = 86_400_000;

/** a / b, or null when there is nothing to divide by. */
const ratio = (a: number, b: number): number | null => (b > 0 ? a / b : null);

/**
 * The blind share funnel (issue 32 item 6, decision 0309): the player records each step as a
 * first-party analytics event (a link made, opened, previewed, dealt), and the team reads shares
 * per reveal and signups per shared play on an admin-only page. A signup a share brought in is a
 * listener whose first deal ever was a shared track: counted where it happens, on the server,
 * never from a browser's say-so.
 */
export function createShareFunnel(deps: { repository: ShareFunnelRepository; clock?: () => Date }) {
  const { repository } = deps;
  const now = deps.clock ?? (() => new Date());
  return {
    record: (name: ShareEventName, accountId: string | null, isFirstDeal = false) =>
      repository.record(name, accountId, isFirstDeal),

    /** The team's report (adminEndpoints.shareFunnel's policy admits the team only). */
    async funnel(days: number): Promise<ShareFunnel> {
      const today = now();
      const since = new Date(today.getTime() - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      const [rows, likes] = await Promise.all([
        repository.days(since, today.toISOString().slice(0, 10)),
        repository.likes(since),
      ]);
      const daily = rows.map((row) => ({
        day: row.day,
        sharesMade: row.shares_made,
        opens: row.opens,
        previews: row.previews,
        sharedDeals: row.shared_deals,
        newListeners: row.new_listeners,
      }));
      const total = (pick: (day: (typeof daily)[number]) => number) =>
        daily.reduce((sum, day) => sum + pick(day), 0);
      const sharesMade = total((day) => day.sharesMade);
      const previews = total((day) => day.previews);
      const sharedDeals = total((day) => day.sharedDeals);
      const newListeners = total((day) => day.newListeners);
      return {
        days,
        sharesMade,
        opens: total((day) => day.opens),
        previews,
        sharedDeals,
        newListeners,
        reveals: likes.reveals,
        sharedLikes: likes.shared_likes,
        sharesPerReveal: ratio(sharesMade, likes.reveals),
        signupsPerSharedPlay: ratio(newListeners, previews + sharedDeals),
        daily,
      };
    },
  };
}

export type ShareFunnelService = ReturnType<typeof createShareFunnel>;
