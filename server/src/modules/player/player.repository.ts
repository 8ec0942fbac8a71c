import type { Queryable } from '../../db/client';
import type { Bucket } from '../../providers/storage/storage';
import type { AwardStatementPart } from '../loyalty/loyalty.service';

/** The reveal card's columns (RevealRow but the library flag) over `t`, with REVEAL_JOINS; $1 is the user. */
const REVEAL_COLUMNS = `t.id, t.title, t.genre, t.label, a.id as artist_id, p.artist_name, a.gold_badge_applied, a.followers,
  c.bucket as cover_bucket, c.storage_key as cover_key, av.bucket as avatar_bucket, av.storage_key as avatar_key,
  exists (select 1 from follows f where f.follower_id = $1 and f.artist_id = a.id) as is_following`;
const REVEAL_JOINS = `join artist_profiles a on a.id = t.artist_id
  join profiles p on p.id = a.id
  left join media_objects c on c.id = t.cover_media_id
  left join media_objects av on av.id = a.profile_image_id`;

/** The Discover candidates: featured, playable, not deleted (tracks_discover_idx). */
const CANDIDATE = `t.featured_in_player and not t.is_deleted and t.status = 'ready'`;

export interface PlayableTrack {
  id: string;
  durationMs: number | null;
  bucket: Bucket;
  storageKey: string;
  contentType: string;
}

export interface RevealRow {
  id: string;
  title: string;
  genre: string;
  label: string;
  artist_id: string;
  artist_name: string;
  gold_badge_applied: boolean;
  followers: number;
  cover_bucket: Bucket | null;
  cover_key: string | null;
  avatar_bucket: Bucket | null;
  avatar_key: string | null;
  is_following: boolean;
  added_to_library: boolean;
}

export function createPlayerRepository(db: Queryable) {
  return {
    /**
     * A random featured track the user has not liked, other than `currentId`: seek into the
     * random key from `r`, wrapping to the start when nothing lies above it. Index scan plus an
     * anti-join probe per row, independent of the catalogue's size (reference A5).
     */
    async pickCandidate(
      userId: string,
      currentId: string | null,
      r: number,
    ): Promise<{ id: string; durationMs: number | null } | undefined> {
      const sql = `
        select t.id, t.duration_ms from tracks t
        where ${CANDIDATE} and t.rnd >= $3 and t.id is distinct from $2::uuid
          and not exists (
            select 1 from track_interactions i
            where i.user_id = $1 and i.track_id = t.id and i.interaction_type = 'like')
        order by t.rnd limit 1`;
      const params = [userId, currentId, r];
      let rows = await db.query<{ id: string; duration_ms: number | null }>(sql, params);
      if (rows.length === 0 && r > 0) rows = await db.query(sql, [userId, currentId, 0]);
      const row = rows[0];
      return row && { id: row.id, durationMs: row.duration_ms };
    },

    async hasAnyCandidate(): Promise<boolean> {
      const rows = await db.query(`select 1 from tracks t where ${CANDIDATE} limit 1`);
      return rows.length > 0;
    },

    /** A track that can be streamed: ready, not deleted, with its rendition. */
    async findPlayable(trackId: string): Promise<PlayableTrack | undefined> {
      const rows = await db.query<{
        id: string;
        duration_ms: number | null;
        bucket: Bucket;
        storage_key: string;
        content_type: string;
      }>(
        `select t.id, t.duration_ms, m.bucket, m.storage_key, m.content_type
         from tracks t join media_objects m on m.id = t.audio_media_id
         where t.id = $1 and not t.is_deleted and t.status = 'ready'`,
        [trackId],
        { prepare: true },
      );
      const row = rows[0];
      return (
        row && {
          id: row.id,
          durationMs: row.duration_ms,
          bucket: row.bucket,
          storageKey: row.storage_key,
          contentType: row.content_type,
        }
      );
    },

    /** Records that a playback URL was issued; a playback (not a preload) counts as a play. */
    async recordGrant(
      userId: string,
      trackId: string,
      issuedAt: Date,
      expiresAt: Date,
      isPlay: boolean,
    ): Promise<void> {
      // One statement, so one commit: the grant and, for a playback, the play.
      await db.query(
        `with play as (update tracks set play_count = play_count + 1 where id = $2 and $5)
         insert into playback_grants (user_id, track_id, first_issued_at, last_issued_at, expires_at)
         values ($1, $2, $3, $3, $4)
         on conflict (user_id, track_id) do update
           set last_issued_at = excluded.last_issued_at,
               expires_at = greatest(playback_grants.expires_at, excluded.expires_at)`,
        [userId, trackId, issuedAt, expiresAt, isPlay],
        { prepare: true },
      );
    },

    /**
     * Everything the like rule needs in one round trip: is the track playable, was it served to
     * this user, and the user's like row if any. Concurrency is left to the writes that follow
     * (ON CONFLICT inserts and conditional updates), so nothing is locked here.
     */
    async findRatingState(
      userId: string,
      trackId: string,
    ): Promise<{ playable: boolean; served: boolean; like: { addedToLibrary: boolean } | null }> {
      const rows = await db.query<{
        playable: boolean;
        served: boolean;
        liked: boolean | null;
        library: boolean | null;
      }>(
        `select exists (select 1 from tracks t where t.id = $2 and not t.is_deleted and t.status = 'ready') as playable,
                exists (select 1 from playback_grants g where g.user_id = $1 and g.track_id = $2) as served,
                (select true from track_interactions i
                  where i.user_id = $1 and i.track_id = $2 and i.interaction_type = 'like') as liked,
                (select i.added_to_library from track_interactions i
                  where i.user_id = $1 and i.track_id = $2 and i.interaction_type = 'like') as library`,
        [userId, trackId],
        { prepare: true },
      );
      const row = rows[0];
      return {
        playable: row?.playable ?? false,
        served: row?.served ?? false,
        like: row?.liked ? { addedToLibrary: row.library ?? false } : null,
      };
    },

    /**
     * A new like in one statement, only for a playable track served to this user: the like row,
     * the likes count, the library count when added, a dislike the user had given before removed
     * with its count, the points (`award`, loyalty's part, waiting on the insert) and the reveal.
     * Undefined when nothing was inserted (already liked, not served, gone): the caller says why.
     * One round trip instead of six: the like is the hottest write of Discover.
     */
    async insertLikeWithReveal(
      userId: string,
      trackId: string,
      addedToLibrary: boolean,
      award: AwardStatementPart,
    ): Promise<(RevealRow & { points_awarded: number }) | undefined> {
      const rows = await db.query<RevealRow & { points_awarded: number }>(
        `with liked as (
           insert into track_interactions (user_id, track_id, interaction_type, added_to_library)
           select $1, $2, 'like', $3
           where exists (select 1 from tracks t where t.id = $2 and not t.is_deleted and t.status = 'ready')
             and exists (select 1 from playback_grants g where g.user_id = $1 and g.track_id = $2)
           on conflict (user_id, track_id, interaction_type) do nothing
           returning id),
         undone as (
           delete from track_interactions
           where user_id = $1 and track_id = $2 and interaction_type = 'dislike' and exists (select 1 from liked)
           returning 1),
         counted as (
           update tracks set likes = likes + 1,
                             dislikes = dislikes - (select count(*)::int from undone),
                             added_to_library = added_to_library + (case when $3 then 1 else 0 end)
           where id = $2 and exists (select 1 from liked)),
         ${award.ctes}
         select ${REVEAL_COLUMNS}, $3::boolean as added_to_library,
                (select coalesce(sum(points), 0)::int from earned) as points_awarded
         from liked cross join tracks t
         ${REVEAL_JOINS}
         where t.id = $2`,
        [userId, trackId, addedToLibrary, ...award.params],
        { prepare: true },
      );
      return rows[0];
    },

    /** Inserts an interaction once; false when it already existed (a concurrent double-like). */
    async insertInteraction(
      userId: string,
      trackId: string,
      type: 'like' | 'dislike',
      addedToLibrary: boolean,
    ): Promise<boolean> {
      const rows = await db.query(
        `insert into track_interactions (user_id, track_id, interaction_type, added_to_library)
         values ($1, $2, $3, $4)
         on conflict (user_id, track_id, interaction_type) do nothing returning id`,
        [userId, trackId, type, addedToLibrary],
        { prepare: true },
      );
      return rows.length === 1;
    },

    /** Sets the library flag of a like; true only when it changed (so counters move once). */
    async setLibrary(userId: string, trackId: string, value: boolean): Promise<boolean> {
      const rows = await db.query(
        `update track_interactions set added_to_library = $3, updated_at = now()
         where user_id = $1 and track_id = $2 and interaction_type = 'like' and added_to_library <> $3
         returning id`,
        [userId, trackId, value],
        { prepare: true },
      );
      return rows.length === 1;
    },

    /** Moves a track's counters in SQL, in the caller's transaction: exact under concurrency. */
    async adjustCounters(
      trackId: string,
      delta: { likes?: number; dislikes?: number; library?: number },
    ): Promise<void> {
      await db.query(
        `update tracks set likes = likes + $2, dislikes = dislikes + $3, added_to_library = added_to_library + $4
         where id = $1`,
        [trackId, delta.likes ?? 0, delta.dislikes ?? 0, delta.library ?? 0],
        { prepare: true },
      );
    },

    /** Everything the reveal card shows, for a track the user has liked. */
    async findReveal(userId: string, trackId: string): Promise<RevealRow | undefined> {
      const rows = await db.query<RevealRow>(
        `select ${REVEAL_COLUMNS}, i.added_to_library
         from tracks t
         join track_interactions i on i.track_id = t.id and i.user_id = $1 and i.interaction_type = 'like'
         ${REVEAL_JOINS}
         where t.id = $2 and not t.is_deleted`,
        [userId, trackId],
        { prepare: true },
      );
      return rows[0];
    },
  };
}
