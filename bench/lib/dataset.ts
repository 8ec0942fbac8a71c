import { GENRE_TEMPO_RANGES } from '@klang/domain';
import type { Db } from '../../server/src/db/client';

export interface DatasetSize {
  tracks: number;
  users: number;
  interactionsPerUser: number;
  /** Featured tracks the heavy user has liked. */
  heavyLikes: number;
}

/** Dataset S of performance-and-security §0 and A9: 100k tracks, 20% featured, 10k users × 100 interactions. */
export const DATASET_S: DatasetSize = {
  tracks: 100_000,
  users: 10_000,
  interactionsPerUser: 100,
  heavyLikes: 15_000,
};

/**
 * Fills a migrated database with a synthetic catalogue in a handful of set-based statements
 * (setseed makes it repeatable). Returns the id of the heavy user, who has liked three quarters
 * of the featured tracks.
 */
export async function generateDataset(db: Db, size: DatasetSize): Promise<{ heavyUserId: string }> {
  const artists = Math.max(10, Math.floor(size.tracks / 50));
  await db.exec(`
    select setseed(0.42);
    insert into accounts (id, email, email_verified_at)
      select ('00000000-0000-4000-a000-' || lpad(to_hex(g), 12, '0'))::uuid, 'artist' || g || '@bench.test', now()
      from generate_series(1, ${artists}) g;
    insert into profiles (id, role, username, artist_name)
      select id, 'artist', 'artist' || substr(id::text, 25), 'Artist ' || substr(id::text, 25) from accounts;
    insert into artist_profiles (id) select id from profiles;
    insert into media_objects (id, bucket, storage_key, content_type, byte_size)
      values ('00000000-0000-4000-b000-000000000001', 'renditions', 'aa/benchmarkaudiofile0001.mp3', 'audio/mpeg', 1);
    insert into tracks (artist_id, title, genre, audio_media_id, status, featured_in_player, is_deleted, deleted_at, likes, uploaded_at)
      select ('00000000-0000-4000-a000-' || lpad(to_hex(1 + (g % ${artists})), 12, '0'))::uuid,
             'Track ' || g,
             (array['Minimal / Deep Tech','House / Tech House','Drum n Bass','Techno','UK Garage'])[1 + g % 5],
             '00000000-0000-4000-b000-000000000001', 'ready',
             random() < 0.2, g % 100 = 0, case when g % 100 = 0 then now() end,
             0, now() - (g % 365) * interval '1 day'
      from generate_series(1, ${size.tracks}) g;
    insert into accounts (id, email, email_verified_at)
      select ('00000000-0000-4000-c000-' || lpad(to_hex(g), 12, '0'))::uuid, 'user' || g || '@bench.test', now()
      from generate_series(0, ${size.users - 1}) g;
    insert into profiles (id, role, username)
      select id, 'listener', 'user' || substr(id::text, 25) from accounts where email like 'user%';
    insert into listener_profiles (id) select id from profiles where role = 'listener';
    create temporary table numbered as select id, row_number() over (order by id) as n from tracks;
    insert into track_interactions (user_id, track_id, interaction_type)
      select u.id, t.id, case when random() < 0.7 then 'like' else 'dislike' end
      from profiles u
      cross join lateral generate_series(1, ${size.interactionsPerUser}) k
      join numbered t on t.n = 1 + floor(random() * ${size.tracks})::int + (k * 0)
      where u.role = 'listener'
      on conflict do nothing;
    insert into track_interactions (user_id, track_id, interaction_type)
      select '00000000-0000-4000-c000-000000000000', id, 'like'
      from (select id from tracks where featured_in_player and not is_deleted order by random() limit ${size.heavyLikes}) f
      on conflict do nothing;
    update tracks t set likes = c.likes, dislikes = c.dislikes from (
      select track_id, count(*) filter (where interaction_type = 'like')::int as likes,
             count(*) filter (where interaction_type = 'dislike')::int as dislikes
      from track_interactions group by track_id
    ) c where c.track_id = t.id;
    -- Plausible measured sound for every track (issue 28): a tempo within the genre's range, keys
    -- all over the wheel, energy evenly ranked, a spectral centroid from dark to bright; the
    -- trigger copies the effective values into the deck.
    update tracks t set bpm = round((r.lo + random() * (r.hi - r.lo))::numeric, 1), bpm_confidence = 0.6,
      key_camelot = (1 + floor(random() * 12))::int || (case when random() < 0.5 then 'A' else 'B' end),
      key_confidence = 0.7, energy_percentile = floor(random() * 1000) / 10,
      brightness_hz = 800 + floor(random() * 2200), sound_measured_at = now()
    from (values ${Object.entries(GENRE_TEMPO_RANGES)
      .map(([genre, r]) => `('${genre}', ${r.min}, ${r.max})`)
      .join(', ')}) as r (genre, lo, hi)
    where r.genre = t.genre;
  `);
  // Sets the visibility map too, so the anti-join's index-only scans stay index-only, as on a
  // database that autovacuum has visited.
  await db.exec('vacuum analyze');
  return { heavyUserId: '00000000-0000-4000-c000-000000000000' };
}
