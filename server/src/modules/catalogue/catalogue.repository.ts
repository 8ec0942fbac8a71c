import { ACTIVE_CHART_GENRES, DEAL_RULES, DEMO_ACCOUNT, VERDICT } from '@klang/domain';
import type { Queryable } from '../../db/client';
import type { StoredSound } from '../../lib/sound/stored-sound';
import type { Bucket } from '../../providers/storage/storage';

/** A track as the lists read it, with whether this listener may see what it is. */
export interface TrackRow extends StoredSound {
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
  /** The verdict's figures (trusted deals only, decision 0257), and the raw like count. */
  verdict_score: number;
  verdict_share: number;
  verdict_listeners: number;
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

/** A track's sound (StoredSound), shown on a revealed row only (decision 0266). */
const SOUND_COLUMNS = `t.bpm, t.bpm_confidence, t.key_camelot, t.key_confidence, t.bpm_artist, t.key_artist,
  t.energy_percentile`;

/**
 * The columns every list reads for a track `t` (artist profile `p`, cover `c`) for user $1, who
 * may be nobody (a signed-out visitor of a public artist page): then nothing is revealed.
 */
const TRACK_COLUMNS = `
  t.id, t.title, p.artist_name, t.artist_id, t.genre, t.label, t.duration_ms,
  c.bucket as cover_bucket, c.storage_key as cover_key, ${SOUND_COLUMNS},
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
  select t.id, row_number() over (order by ${CHART_ORDER})::int as position
  from tracks t where t.genre = $1 and ${LISTED}`;

export function createCatalogueRepository(db: Queryable) {
  return {
    /** A deleted track leaves the chart history: its positions go. In the deletion's transaction. */
    async forgetTrack(trackId: string): Promise<void> {
      await db.query('delete from chart_positions where track_id = $1', [trackId]);
    },

    /**
     * The top `limit` of a genre's live chart, with each track's verdict figures and like count
     * (shown on a revealed row) and its place in yesterday's snapshot.
     */
    async ranking(genre: string, yesterday: string, limit: number): Promise<RankedRow[]> {
      return db.query<RankedRow>(
        `with ranked as (${RANKING} order by ${CHART_ORDER} limit $3)
         select r.position, t.likes, t.verdict_score, t.verdict_share, t.verdict_listeners,
                y.position as yesterday_position,
                t.id, t.title, p.artist_name, t.artist_id, t.genre, t.label, t.duration_ms,
                c.bucket as cover_bucket, c.storage_key as cover_key, ${SOUND_COLUMNS}
         from ranked r
         join tracks t on t.id = r.id
         ${TRACK_JOINS}
         left join chart_positions y on y.genre = $1 and y.date = $2::date and y.track_id = r.id
         order by r.position`,
        [genre, yesterday, limit],
        { prepare: true },
      );
    },

    /** The aggregates the verdict job (`catalogue.refresh-verdicts`) last wrote for the published method; none before its first run. */
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

// The chart jobs' statements (catalogue.jobs.ts): one each, over the whole catalogue.

/**
 * Writes one day's ranking of every active genre to chart_positions (product-decisions.md Charts), in the
 * live chart's order (the verdict the verdict job (`catalogue.refresh-verdicts`) last computed, decision 0195), in one
 * statement and only when that day has no rows yet: a retry after a crash, or a second instance
 * running the same day, writes nothing more. Returns the rows written.
 */
export async function writeChartSnapshot(db: Queryable, day: string): Promise<number> {
  const rows = await db.query(
    `insert into chart_positions (track_id, genre, date, position, likes)
     select r.id, r.genre, $1::date, r.position, r.likes
     from (
       select t.id, t.genre, t.likes,
              row_number() over (partition by t.genre order by ${CHART_ORDER})::int as position
       from tracks t
       where t.genre = any($2::text[]) and not t.is_deleted and t.status = 'ready'
     ) r
     where not exists (select 1 from chart_positions c where c.date = $1::date and c.genre = r.genre)
     on conflict do nothing
     returning 1`,
    [day, ACTIVE_CHART_GENRES],
  );
  return rows.length;
}

/**
 * SQL: deal `d` was dealt late enough to have ended, or been first served, in the window that
 * ends at $1 and is $2 days long. A deal is rated and served only while it is open (decision
 * 0314: `DEAL_RULES.openDays`, and a grant's 600 s past it, so one day's margin), so this is exact,
 * and it names the deal's partition key: the verdict reads the months its window can reach, not
 * every month kept (decision 0312). No upper bound: a deal's time and its rating's may come from
 * two clocks (the server's and the database's `now()`), a fraction of a millisecond apart, and
 * the months after $1 are empty anyway.
 */
const DEALT_FOR_WINDOW = `d.dealt_at > $1::timestamptz - ($2::int + ${String(DEAL_RULES.openDays + 1)}) * interval '1 day'`;

/**
 * Every rated deal of the window ($1 the moment judged, $2 the window in days) with its trust
 * weight (decision 0196), but a listener's deals of a track they had outside the deck's draw,
 * whenever: played from a chart (decision 0288), that play was not blind to popularity, and its
 * audio can be recognised in Discover after it; dealt first as a follower (decision 0306), they
 * knew whose track it could be:
 * - `account_excluded`: the account was temporary, the shared demo ($3), has not verified its email
 *   (as of the run: its verdicts count once it does) or was younger than a day ($4 ms) when it
 *   rated: weight 0, like and skip alike;
 * - `listener_w`: a listener with $5+ rated deals who liked more than $6 of them counts
 *   (1 - share) / (1 - $6), from 1 at the threshold to 0 at 100 %;
 * - `quick_w`: a like counts in proportion to what was heard before it, in full from $7 ms; a
 *   like the server saw no listening for counts 0. A skip counts in full.
 * The weight of a rating is the product; `w` is what it adds to the rated total, and to the likes
 * total when it is a like.
 */
const WEIGHTED_RATINGS = `
  rated as (
    select d.user_id, d.track_id, d.ended_as = 'like' as liked,
           (a.is_temporary or a.email = $3 or a.email_verified_at is null
             or d.ended_at < a.created_at + $4::bigint * interval '1 millisecond') as account_excluded,
           least(1.0, greatest(0, coalesce(d.listened_before_like_ms, 0))::float8 / $7::float8) as quick_w
    from deals d join accounts a on a.id = d.user_id
    where d.ended_as in ('like', 'skip') and ${DEALT_FOR_WINDOW}
      and d.ended_at > $1::timestamptz - $2::int * interval '1 day' and d.ended_at <= $1::timestamptz
      and not exists (
        select 1 from deals c where c.user_id = d.user_id and c.track_id = d.track_id and c.origin <> 'discover')
      and not exists (
        select 1 from listener_tracks l where l.user_id = d.user_id and l.track_id = d.track_id and l.not_drawn)),
  listeners as (
    select user_id, count(*)::float8 as n, (count(*) filter (where liked))::float8 as likes
    from rated where not account_excluded group by user_id),
  weighted as (
    select r.track_id, r.user_id, r.liked, r.account_excluded, r.quick_w,
           case when l.n >= $5::int and l.likes / l.n > $6::float8
                then greatest(0, (1 - l.likes / l.n) / (1 - $6::float8)) else 1.0 end as listener_w
    from rated r left join listeners l on l.user_id = r.user_id),
  trusted as (
    select w.*, case when w.account_excluded then 0.0
                     else w.listener_w * (case when w.liked then w.quick_w else 1.0 end) end as w
    from weighted w)`;

/** The lower bound of the Wilson interval ($8 = z) of `likes_w` over `rated_w`, as wilsonLowerBound. */
const WILSON = `
  case when rated_w > 0 then least(1.0, greatest(0.0,
    (p + $8::float8 * $8::float8 / (2 * rated_w)
       - $8::float8 * sqrt(greatest(0.0, p * (1 - p) / rated_w + $8::float8 * $8::float8 / (4 * rated_w * rated_w))))
    / (1 + $8::float8 * $8::float8 / rated_w)))
  else 0.0 end`;

export interface VerdictRun {
  /** Tracks whose verdict changed. */
  changed: number;
}

/**
 * Judges every track as of `at` over the `windowDays` before it, in one statement: the verdict of
 * each track with rated deals in the window goes onto `tracks.verdict_score` (only where it
 * changed, so the hot counters' rows are rarely touched), tracks whose deals all aged out go back
 * to 0, and the method page's aggregates are written with it. Idempotent: running it twice for
 * the same moment changes nothing the second time.
 */
export async function refreshVerdicts(
  db: Queryable,
  at: Date,
  windowDays: number,
  accountMinAgeMs: number = VERDICT.accountMinAgeMs,
): Promise<VerdictRun> {
  const rows = await db.query<{ changed: number }>(
    `with ${WEIGHTED_RATINGS},
     per_track as (
       select track_id, sum(w) filter (where liked) as likes_w, sum(w) as rated_w,
              count(distinct user_id) filter (where w > 0) as listeners
       from trusted group by track_id),
     scores as (
       select track_id, ${WILSON} as score, coalesce(p, 0.0) as share, listeners::int as listeners
       from (select track_id, rated_w, listeners, coalesce(likes_w, 0) / nullif(rated_w, 0) as p
             from per_track) s),
     -- Every track against its new verdict (0 when its deals all aged out), kept only where it
     -- changed. A left join from all tracks, not an anti-join against the scores: the planner
     -- estimates "tracks with a verdict" from statistics that the last run made stale, and a
     -- nested anti-join on that estimate is quadratic (measured: 23 s on dataset S).
     changes as (
       select t.id, coalesce(s.score, 0.0) as score, coalesce(s.share, 0.0) as share,
              coalesce(s.listeners, 0) as listeners
       from tracks t left join scores s on s.track_id = t.id
       where (t.verdict_score, t.verdict_share, t.verdict_listeners)
             is distinct from (coalesce(s.score, 0.0), coalesce(s.share, 0.0), coalesce(s.listeners, 0))),
     judged as (
       update tracks t set verdict_score = c.score, verdict_share = c.share, verdict_listeners = c.listeners
       from changes c where t.id = c.id
       returning 1),
     figures as (
       insert into chart_method_figures (
         id, computed_at, window_days, deals, rated, likes, likes_discounted, discounted_too_quick,
         discounted_new_account, discounted_like_everything, accounts_excluded, listeners)
       select true, $1::timestamptz, $2::int,
              (select count(*)::int from deals d
               where d.origin = 'discover' and ${DEALT_FOR_WINDOW}
                 and d.first_served_at > $1::timestamptz - $2::int * interval '1 day'
                 and d.first_served_at <= $1::timestamptz),
              count(*)::int,
              (count(*) filter (where liked))::int,
              (count(*) filter (where liked and w < 1))::int,
              (count(*) filter (where liked and quick_w < 1))::int,
              (count(*) filter (where liked and account_excluded))::int,
              (count(*) filter (where liked and not account_excluded and listener_w < 1))::int,
              (count(distinct user_id) filter (where account_excluded))::int,
              (count(distinct user_id) filter (where not account_excluded))::int
       from trusted
       on conflict (id) do update set
         computed_at = excluded.computed_at, window_days = excluded.window_days, deals = excluded.deals,
         rated = excluded.rated, likes = excluded.likes, likes_discounted = excluded.likes_discounted,
         discounted_too_quick = excluded.discounted_too_quick,
         discounted_new_account = excluded.discounted_new_account,
         discounted_like_everything = excluded.discounted_like_everything,
         accounts_excluded = excluded.accounts_excluded, listeners = excluded.listeners
       returning 1)
     -- A data-modifying CTE runs whether or not it is read: the figures are written either way.
     select (select count(*) from judged)::int as changed`,
    [
      at.toISOString(),
      windowDays,
      DEMO_ACCOUNT.email,
      accountMinAgeMs,
      VERDICT.likeEverythingMinRated,
      VERDICT.likeEverythingShare,
      VERDICT.fullLikeAfterMs,
      VERDICT.z,
    ],
  );
  return { changed: rows[0]?.changed ?? 0 };
}
