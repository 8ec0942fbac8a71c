import type { Queryable } from '../../db/client';
import type { Bucket } from '../../providers/storage/storage';

/** A track as the lists read it, with whether this listener may see what it is. */
export interface TrackRow {
  id: string;
  title: string;
  artist_name: string | null;
  artist_id: string;
  genre: string;
  label: string;
  duration_ms: number | null;
  cover_bucket: Bucket | null;
  cover_key: string | null;
  /** Liked by the listener, or the listener's own upload. */
  is_revealed: boolean;
}

/** A place in a genre's chart, the same for everyone: who may see the track is decided later. */
export interface RankedRow extends Omit<TrackRow, 'is_revealed'> {
  position: number;
  likes: number;
  yesterday_position: number | null;
}

/** One row of chart_method_figures (migration 0195). */
export interface MethodFiguresRow {
  computed_at: Date;
  window_days: number;
  deals: number;
  rated: number;
  likes: number;
  likes_discounted: number;
  discounted_too_quick: number;
  discounted_new_account: number;
  discounted_like_everything: number;
  accounts_excluded: number;
  listeners: number;
}

export interface ArtistRow {
  id: string;
  artist_name: string | null;
  username: string | null;
  bio: string | null;
  gold_badge_applied: boolean;
  followers: number;
  artist_url: string | null;
  subscription_tier: string;
  instagram: string | null;
  website: string | null;
  avatar_bucket: Bucket | null;
  avatar_key: string | null;
  is_following: boolean;
}

/** Listed tracks: ready and not deleted (a deleted artist's tracks went with the account). */
const LISTED = `not t.is_deleted and t.status = 'ready'`;

/**
 * The columns every list reads for a track `t` (artist profile `p`, cover `c`) for user $1, who
 * may be nobody (a signed-out visitor of a public artist page): then nothing is revealed.
 */
const TRACK_COLUMNS = `
  t.id, t.title, p.artist_name, t.artist_id, t.genre, t.label, t.duration_ms,
  c.bucket as cover_bucket, c.storage_key as cover_key,
  (t.artist_id = $1::uuid or exists (
     select 1 from track_interactions i
     where i.user_id = $1::uuid and i.track_id = t.id and i.interaction_type = 'like')) is true as is_revealed`;

const TRACK_JOINS = `
  join profiles p on p.id = t.artist_id
  left join media_objects c on c.id = t.cover_media_id`;

/**
 * The order of a chart (decision 0195): the blind verdict the chart job keeps on the track, newest
 * first on ties, then the id, so tracks with equal verdicts (an empty window ranks all at 0)
 * always come out in the same order. tracks_chart_idx walks it.
 */
export const CHART_ORDER = 't.verdict_score desc, t.uploaded_at desc, t.id';

/** The live ranking of genre $1, read in chart order off tracks_chart_idx. */
const RANKING = `
  select t.id, t.likes, row_number() over (order by ${CHART_ORDER})::int as position
  from tracks t where t.genre = $1 and ${LISTED}`;

export function createCatalogueRepository(db: Queryable) {
  return {
    /**
     * The top `limit` of a genre's live chart, with each track's like count (shown on the chart) and
     * its place in yesterday's snapshot.
     */
    async ranking(genre: string, yesterday: string, limit: number): Promise<RankedRow[]> {
      return db.query<RankedRow>(
        `with ranked as (${RANKING} order by ${CHART_ORDER} limit $3)
         select r.position, r.likes, y.position as yesterday_position,
                t.id, t.title, p.artist_name, t.artist_id, t.genre, t.label, t.duration_ms,
                c.bucket as cover_bucket, c.storage_key as cover_key
         from ranked r
         join tracks t on t.id = r.id
         ${TRACK_JOINS}
         left join chart_positions y on y.genre = $1 and y.date = $2::date and y.track_id = r.id
         order by r.position`,
        [genre, yesterday, limit],
        { prepare: true },
      );
    },

    /** The aggregates the chart-verdict job last wrote for the published method; none before its first run. */
    async methodFigures(): Promise<MethodFiguresRow | undefined> {
      const rows = await db.query<MethodFiguresRow>(
        `select computed_at, window_days, deals, rated, likes, likes_discounted, discounted_too_quick,
                discounted_new_account, discounted_like_everything, accounts_excluded, listeners
         from chart_method_figures`,
        [],
        { prepare: true },
      );
      return rows[0];
    },

    /** Which of `trackIds` the user has liked (index-only probes of track_interactions_once). */
    async likedAmong(userId: string, trackIds: readonly string[]): Promise<Set<string>> {
      const rows = await db.query<{ track_id: string }>(
        `select track_id from track_interactions
         where user_id = $1 and interaction_type = 'like' and track_id = any($2::uuid[])`,
        [userId, trackIds],
        { prepare: true },
      );
      return new Set(rows.map((r) => r.track_id));
    },

    /** The liked tracks the user added to the library, most recently added first. */
    async library(userId: string): Promise<TrackRow[]> {
      return db.query<TrackRow>(
        `select ${TRACK_COLUMNS}
         from track_interactions l
         join tracks t on t.id = l.track_id
         ${TRACK_JOINS}
         where l.user_id = $1 and l.interaction_type = 'like' and l.added_to_library and ${LISTED}
         order by l.updated_at desc`,
        [userId],
        { prepare: true },
      );
    },

    async findArtistById(userId: string | null, artistId: string): Promise<ArtistRow | undefined> {
      const rows = await db.query<ArtistRow>(`${ARTIST_SELECT} where a.id = $2`, [userId, artistId], {
        prepare: true,
      });
      return rows[0];
    },

    async findArtistByUrl(userId: string | null, artistUrl: string): Promise<ArtistRow | undefined> {
      const rows = await db.query<ArtistRow>(`${ARTIST_SELECT} where a.artist_url = lower($2)`, [
        userId,
        artistUrl,
      ]);
      return rows[0];
    },

    /** An artist's listed tracks, ordered as the spec orders them: likes, then newest. */
    async artistTracks(userId: string | null, artistId: string): Promise<TrackRow[]> {
      return db.query<TrackRow>(
        `select ${TRACK_COLUMNS}
         from tracks t ${TRACK_JOINS}
         where t.artist_id = $2 and ${LISTED}
         order by t.likes desc, t.uploaded_at desc`,
        [userId, artistId],
        { prepare: true },
      );
    },

    /** The artists a user follows, newest follow first (follows_follower_idx). */
    async followedArtists(userId: string) {
      return db.query<{
        id: string;
        artist_name: string | null;
        gold_badge_applied: boolean;
        followed_at: Date;
        avatar_bucket: Bucket | null;
        avatar_key: string | null;
      }>(
        `select a.id, p.artist_name, a.gold_badge_applied, f.followed_at,
                av.bucket as avatar_bucket, av.storage_key as avatar_key
         from follows f
         join artist_profiles a on a.id = f.artist_id
         join profiles p on p.id = a.id
         left join media_objects av on av.id = a.profile_image_id
         where f.follower_id = $1
         order by f.followed_at desc`,
        [userId],
      );
    },
  };
}

const ARTIST_SELECT = `
  select a.id, p.artist_name, p.username, p.bio, a.gold_badge_applied, a.followers, a.artist_url,
         a.subscription_tier, a.instagram, a.website,
         av.bucket as avatar_bucket, av.storage_key as avatar_key,
         exists (select 1 from follows f where f.follower_id = $1::uuid and f.artist_id = a.id) as is_following
  from artist_profiles a
  join profiles p on p.id = a.id
  left join media_objects av on av.id = a.profile_image_id`;

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
