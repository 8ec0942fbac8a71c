import type { Queryable } from '../../db/client';

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
  };
}
