import { FOLLOW_RULES } from '@klang/domain';
import type { Queryable } from '../../db/client';
import { DEALT_DURATION, type Dealt } from './player.repository';

const LIFETIME = `${String(FOLLOW_RULES.deliveryLifetimeDays)} * interval '1 day'`;

/**
 * The SQL of follow deliveries (decision 0306): a followed artist's new track, handed to each of
 * their followers by the fan-out, and dealt to them first.
 */
export function createFollowDeliveriesRepository(db: Queryable) {
  return {
    /**
     * Hands the tracks that entered the deck to the followers of their artists, up to `limit`
     * releases a run, oldest first. A listener gets a release only when they followed the artist
     * before it entered the deck ("their next featured track"). An artist's releases past
     * FOLLOW_RULES.releasesPerArtistPerWeek within a week before are passed over (announced,
     * delivered to no one): following cannot be turned into a feed of every upload. Runs may
     * overlap: a release is claimed under `skip locked`. Returns the releases announced.
     */
    async announceReleases(at: Date, limit: number): Promise<number> {
      const rows = await db.query<{ track_id: string }>(
        `with claimed as (
           select r.track_id, r.artist_id, r.entered_at from follow_releases r
           where r.announced_at is null and r.entered_at <= $1
           order by r.entered_at limit $2 for update skip locked),
         announced as (
           update follow_releases r set announced_at = $1 from claimed c
           where r.track_id = c.track_id returning r.track_id),
         delivered as (
           insert into follow_deliveries (user_id, track_id, released_at)
           select f.follower_id, c.track_id, c.entered_at
           from claimed c join follows f on f.artist_id = c.artist_id
           where f.followed_at < c.entered_at
             and c.entered_at > $1::timestamptz - ${LIFETIME}
             and (select count(*) from follow_releases o
                  where o.artist_id = c.artist_id and o.track_id <> c.track_id
                    and o.entered_at <= c.entered_at
                    and o.entered_at > c.entered_at - interval '7 days') < $3
           on conflict (user_id, track_id) do nothing)
         select track_id from announced`,
        [at, limit, FOLLOW_RULES.releasesPerArtistPerWeek],
      );
      return rows.length;
    },

    /** Deliveries a week old are no longer new: they go, dealt or not. */
    async pruneDeliveries(at: Date): Promise<number> {
      const rows = await db.query(
        `delete from follow_deliveries where released_at <= $1::timestamptz - ${LIFETIME} returning 1`,
        [at],
      );
      return rows.length;
    },

    /**
     * Deals the user's oldest waiting delivery, when one is dealable, and deletes it in the same
     * statement: the track still in the deck, its artist still followed, and never dealt to the
     * user in any way before (their current deal, a skip in Discover, a chart's play, a pack).
     * The deal is `origin = 'follow'`: outside the deck's exposure and the verdict (decision
     * 0306). Its commit does not wait for the WAL flush, as a fair deal's (decision 0201).
     * Undefined when nothing waits.
     */
    async dealDelivery(userId: string, dealtAt: Date): Promise<Dealt | undefined> {
      const rows = await db.query<{ alias: string; duration_ms: number | null }>(
        `with async_commit as (select set_config('synchronous_commit', 'off', true)),
         pick as (
           select fd.track_id from follow_deliveries fd
           join deck_exposure x on x.track_id = fd.track_id
           join tracks t on t.id = fd.track_id
           where fd.user_id = $1 and fd.released_at > $2::timestamptz - ${LIFETIME} and x.in_deck
             and exists (select 1 from follows f where f.follower_id = $1 and f.artist_id = t.artist_id)
             and not exists (select 1 from deals d where d.user_id = $1 and d.track_id = fd.track_id)
             and not exists (select 1 from listener_tracks l where l.user_id = $1 and l.track_id = fd.track_id)
             and not exists (
               select 1 from track_interactions i
               where i.user_id = $1 and i.track_id = fd.track_id and i.interaction_type = 'like')
           order by fd.released_at, fd.track_id limit 1
           for update of fd skip locked),
         taken as (
           delete from follow_deliveries fd using pick
           where fd.user_id = $1 and fd.track_id = pick.track_id returning fd.track_id),
         dealt as (
           insert into deals (user_id, track_id, dealt_at, origin)
           select $1, taken.track_id, $2, 'follow' from taken where exists (select from async_commit)
           returning id, track_id, ab_test_id, ab_version)
         select dealt.id as alias, ${DEALT_DURATION} from dealt join tracks t on t.id = dealt.track_id`,
        [userId, dealtAt],
        { prepare: true },
      );
      const row = rows[0];
      return row && { alias: row.alias, durationMs: row.duration_ms };
    },
  };
}
