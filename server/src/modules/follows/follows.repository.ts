import { DEMO_ACCOUNT, FOLLOW_RULES } from '@klang/domain';
import type { Queryable } from '../../db/client';

/** A listener the follow digest is due for, and how many deliveries wait for them. */
export interface DueDigest {
  user_id: string;
  email: string;
  waiting: number;
}

export function createFollowsRepository(db: Queryable) {
  return {
    async findArtistName(artistId: string): Promise<string | undefined> {
      const rows = await db.query<{ artist_name: string }>(
        'select p.artist_name from artist_profiles a join profiles p on p.id = a.id where a.id = $1',
        [artistId],
      );
      return rows[0]?.artist_name;
    },

    /** Follow is an upsert (spec 001 §4): true when the row is new, so the count moves once. */
    async insert(followerId: string, artistId: string, artistName: string): Promise<boolean> {
      const rows = await db.query(
        `insert into follows (follower_id, artist_id, artist_name) values ($1, $2, $3)
         on conflict (follower_id, artist_id) do nothing returning id`,
        [followerId, artistId, artistName],
      );
      return rows.length === 1;
    },

    async delete(followerId: string, artistId: string): Promise<boolean> {
      const rows = await db.query(
        'delete from follows where follower_id = $1 and artist_id = $2 returning id',
        [followerId, artistId],
      );
      return rows.length === 1;
    },

    async adjustFollowers(artistId: string, delta: number): Promise<number> {
      const rows = await db.query<{ followers: number }>(
        'update artist_profiles set followers = followers + $2 where id = $1 returning followers',
        [artistId, delta],
      );
      return rows[0]?.followers ?? 0;
    },

    async followers(artistId: string): Promise<number> {
      const rows = await db.query<{ followers: number }>(
        'select followers from artist_profiles where id = $1',
        [artistId],
      );
      return rows[0]?.followers ?? 0;
    },

    /**
     * Claims the digests due at `at` (decision 0306), up to `limit`: listeners with a delivery
     * that has waited a day, is still dealable to them (the track in the deck, the artist still
     * followed, never dealt to them) and came after their last digest, when that digest is a week
     * old or there was none. Only a verified, lasting account other than the demo's, whose address
     * did not unsubscribe from marketing. The claim writes the digest's time before the email is
     * queued: two runs cannot both send one, and a crash between costs a digest, never a repeat.
     */
    async claimDueDigests(at: Date, limit: number): Promise<DueDigest[]> {
      return db.query<DueDigest>(
        `with due as (
           select fd.user_id, a.email, count(*)::int as waiting
           from follow_deliveries fd
           join accounts a on a.id = fd.user_id
           join deck_exposure x on x.track_id = fd.track_id
           join tracks t on t.id = fd.track_id
           left join follow_digests g on g.user_id = fd.user_id
           where fd.released_at <= $1::timestamptz - $2::int * interval '1 hour'
             and (g.sent_at is null or g.sent_at <= $1::timestamptz - $3::int * interval '1 day')
             and fd.released_at > coalesce(g.sent_at, '-infinity')
             and x.in_deck
             and exists (select 1 from follows f where f.follower_id = fd.user_id and f.artist_id = t.artist_id)
             and not exists (select 1 from deals d where d.user_id = fd.user_id and d.track_id = fd.track_id)
             and not exists (select 1 from listener_tracks l where l.user_id = fd.user_id and l.track_id = fd.track_id)
             and a.email_verified_at is not null and not a.is_temporary and a.email <> $4
             and not exists (select 1 from marketing_suppressions m where m.email = a.email)
           group by fd.user_id, a.email
           order by fd.user_id
           limit $5),
         claimed as (
           insert into follow_digests (user_id, sent_at)
           select user_id, $1 from due
           on conflict (user_id) do update set sent_at = excluded.sent_at
           where follow_digests.sent_at <= $1::timestamptz - $3::int * interval '1 day'
           returning user_id)
         select due.* from due join claimed using (user_id)`,
        [at, FOLLOW_RULES.digestAfterHours, FOLLOW_RULES.digestEveryDays, DEMO_ACCOUNT.email, limit],
      );
    },
  };
}
