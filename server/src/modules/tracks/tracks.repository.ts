import { ACTIVE_CHART_GENRES, FOLLOW_RULES, type SubscriptionTier } from '@klang/domain';
import type { Queryable } from '../../db/client';
import type { EnergyInputs } from '../../lib/sound/energy';
import type { SoundFeatures } from '../../lib/sound/sound-features';

/**
 * The tier that applies now (product-decisions.md, Subscriptions): pro, a trial that has not ended, or a
 * payment the provider reports trialing or active; anything else falls back to free.
 */
const EFFECTIVE_TIER = `case
    when ap.subscription_tier = 'pro' then 'pro'
    when ap.subscription_tier = 'trial' and (ap.trial_end_date is null or ap.trial_end_date > now()) then 'trial'
    when exists (select 1 from payment_subscriptions ps
                 where ps.account_id = ap.id and ps.subscription_status in ('active', 'trialing')) then 'pro'
    else 'free' end`;

export interface ArtistState {
  tier: SubscriptionTier;
  gold_badge_applied: boolean;
  tracks: number;
  featured: number;
  followers: number;
}

export interface TrackRow {
  id: string;
  title: string;
  genre: string;
  label: string;
  status: 'processing' | 'ready' | 'failed';
  failure_reason: string | null;
  /** Whether the upload is still stored: a refused one is not, so it cannot be retried. */
  has_source: boolean;
  duration_ms: number | null;
  likes: number;
  dislikes: number;
  added_to_library: number;
  play_count: number;
  featured_in_player: boolean;
  uploaded_at: Date | string;
  cover_key: string | null;
  chart_genre: string | null;
  chart_position: number | null;
  chart_previous: number | null;
  bpm: number | null;
  bpm_confidence: number | null;
  key_camelot: string | null;
  key_confidence: number | null;
  energy_percentile: number | null;
  sound_measured_at: Date | string | null;
  bpm_artist: number | null;
  key_artist: string | null;
  /** Null when the track has no first day in the deck on record (follow_releases, decision 0306). */
  first_day_over: boolean | null;
  /** Followers dealt the track first who heard it within its first day; null as above. */
  followers_first_day: number | null;
}

export interface StoredFile {
  bucket: string;
  storage_key: string;
}

export interface NewMedia {
  bucket: string;
  storageKey: string;
  contentType: string;
  byteSize: number;
  sha256: string;
  ownerId: string;
}

/**
 * A track's place today is its live rank in its genre (the blind verdict desc, then newest, then
 * the id, as the charts order it: CHART_ORDER, decision 0195); the move compares it with yesterday's snapshot row (product-decisions.md Charts), which the
 * charts' daily job writes. Only ready, live tracks of an active chart genre are placed.
 * `$genres` is the parameter holding ACTIVE_CHART_GENRES.
 */
function trackColumns(genres: string): string {
  return `t.id, t.title, t.genre, t.label, t.status, t.failure_reason,
  t.source_media_id is not null as has_source, t.duration_ms, t.likes, t.dislikes,
  t.added_to_library, t.play_count, t.featured_in_player, t.uploaded_at, c.storage_key as cover_key,
  case when t.status = 'ready' and t.genre = any(${genres}::text[]) then t.genre end as chart_genre,
  case when t.status = 'ready' and t.genre = any(${genres}::text[]) then 1 + (
    select count(*)::int from tracks o
    where o.genre = t.genre and not o.is_deleted and o.status = 'ready'
      and (o.verdict_score > t.verdict_score
        or (o.verdict_score = t.verdict_score and (o.uploaded_at > t.uploaded_at
          or (o.uploaded_at = t.uploaded_at and o.id < t.id))))
  ) end as chart_position,
  yesterday.position as chart_previous, t.bpm, t.bpm_confidence, t.key_camelot, t.key_confidence,
  t.energy_percentile, t.sound_measured_at, t.bpm_artist, t.key_artist,
  r.entered_at + interval '1 day' <= now() as first_day_over,
  case when r.entered_at is not null
    and (select ap.followers from artist_profiles ap where ap.id = t.artist_id) >= ${String(FOLLOW_RULES.firstDayFloor)} then (
    select count(*)::int from (
      select d.user_id from deals d
      where d.track_id = t.id and d.origin = 'follow' and d.first_served_at < r.entered_at + interval '1 day'
      union
      select l.user_id from listener_tracks l where l.track_id = t.id and l.follow_first_day) f
  ) end as followers_first_day`;
}

const TRACK_JOINS = `left join media_objects c on c.id = t.cover_media_id
  left join follow_releases r on r.track_id = t.id
  left join chart_positions yesterday on yesterday.track_id = t.id and yesterday.genre = t.genre
    and yesterday.date = (now() at time zone 'utc')::date - 1`;

export function createTracksRepository(db: Queryable) {
  return {
    /**
     * The artist's tier and counts; with `lock`, the artist row stays locked until the transaction
     * ends. A refused upload (failed, its file gone) takes no upload slot (decision 0250).
     */
    async artistState(q: Queryable, artistId: string, lock = false): Promise<ArtistState | undefined> {
      if (lock) await q.query('select id from artist_profiles where id = $1 for update', [artistId]);
      const rows = await q.query<ArtistState>(
        `select ${EFFECTIVE_TIER} as tier, ap.followers, ap.gold_badge_applied,
           (select count(*)::int from tracks t where t.artist_id = ap.id and not t.is_deleted
              and (t.status <> 'failed' or t.source_media_id is not null)) as tracks,
           (select count(*)::int from tracks t where t.artist_id = ap.id and not t.is_deleted and t.featured_in_player) as featured
         from artist_profiles ap where ap.id = $1`,
        [artistId],
      );
      return rows[0];
    },

    async listTracks(artistId: string): Promise<TrackRow[]> {
      return db.query<TrackRow>(
        `select ${trackColumns('$2')} from tracks t ${TRACK_JOINS}
         where t.artist_id = $1 and not t.is_deleted
         order by t.likes desc, t.uploaded_at desc`,
        [artistId, ACTIVE_CHART_GENRES],
      );
    },

    async findTrack(q: Queryable, artistId: string, trackId: string): Promise<TrackRow | undefined> {
      const rows = await q.query<TrackRow>(
        `select ${trackColumns('$3')} from tracks t ${TRACK_JOINS}
         where t.id = $1 and t.artist_id = $2 and not t.is_deleted`,
        [trackId, artistId, ACTIVE_CHART_GENRES],
      );
      return rows[0];
    },

    async insertMedia(q: Queryable, media: NewMedia): Promise<string> {
      const rows = await q.query<{ id: string }>(
        `insert into media_objects (bucket, storage_key, content_type, byte_size, sha256, owner_id)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (bucket, storage_key) do update set byte_size = excluded.byte_size, sha256 = excluded.sha256
         returning id`,
        [media.bucket, media.storageKey, media.contentType, media.byteSize, media.sha256, media.ownerId],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('media row not written');
      return id;
    },

    /** A cover the user stored and no track uses yet, or undefined. */
    async findUnusedCover(q: Queryable, ownerId: string, coverId: string): Promise<string | undefined> {
      const rows = await q.query<{ id: string }>(
        `select m.id from media_objects m
         where m.id = $1 and m.owner_id = $2 and m.bucket = 'coverart'
           and not exists (select 1 from tracks t where t.cover_media_id = m.id)`,
        [coverId, ownerId],
      );
      return rows[0]?.id;
    },

    async insertTrack(
      q: Queryable,
      track: {
        artistId: string;
        title: string;
        genre: string;
        label: string;
        sourceId: string;
        coverId: string | null;
      },
    ): Promise<string> {
      const rows = await q.query<{ id: string }>(
        `insert into tracks (artist_id, title, genre, label, source_media_id, cover_media_id, status)
         values ($1, $2, $3, $4, $5, $6, 'processing') returning id`,
        [track.artistId, track.title, track.genre, track.label, track.sourceId, track.coverId],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('track row not written');
      return id;
    },

    /**
     * Whether a track is version B of a running A/B test (decision 0304): featured, it would be
     * dealt on its own as well as in the test, and buy the test exposure.
     */
    async isTestedVersion(q: Queryable, trackId: string): Promise<boolean> {
      const rows = await q.query(
        `select 1 from ab_tests where version_b_track_id = $1 and status = 'running' limit 1`,
        [trackId],
      );
      return rows.length > 0;
    },

    async setFeatured(q: Queryable, artistId: string, trackId: string, featured: boolean): Promise<boolean> {
      const rows = await q.query<{ id: string }>(
        `update tracks set featured_in_player = $3, updated_at = now()
         where id = $1 and artist_id = $2 and not is_deleted returning id`,
        [trackId, artistId, featured],
      );
      return rows.length > 0;
    },

    /**
     * secure_delete_track (spec 001 §7): the artist's own live track only. The row stays, marked
     * deleted, with its counters and daily stats wiped and its media rows gone; the files those
     * rows named are returned for the service to remove. The player's and the catalogue's rows of
     * the track (interactions, grants, deals, chart positions) are theirs to forget, in the same
     * transaction (the service's `forgetTrack`).
     */
    async softDelete(q: Queryable, artistId: string, trackId: string): Promise<StoredFile[] | undefined> {
      const rows = await q.query<{ id: string; rendition_key: string | null }>(
        `update tracks set is_deleted = true, deleted_at = now(), featured_in_player = false,
           likes = 0, dislikes = 0, added_to_library = 0, play_count = 0, updated_at = now()
         where id = $1 and artist_id = $2 and not is_deleted
         returning id, rendition_key`,
        [trackId, artistId],
      );
      const row = rows[0];
      if (!row) return undefined;
      const files = await q.query<StoredFile>(
        `delete from media_objects where id in (
           select unnest(array[source_media_id, audio_media_id, cover_media_id]) from tracks where id = $1)
         returning bucket, storage_key`,
        [trackId],
      );
      await q.query('delete from track_daily_stats where track_id = $1', [trackId]);
      // A rendition written by a job that had not recorded it yet is a file no media row names.
      if (row.rendition_key && !files.some((f) => f.storage_key === row.rendition_key)) {
        files.push({ bucket: 'renditions', storage_key: row.rendition_key });
      }
      return files;
    },

    /**
     * Puts a failed track whose upload is still stored back in the queue (the caller enqueues its
     * job in the same transaction); a refused upload has no file to process again.
     */
    async requeue(q: Queryable, artistId: string, trackId: string): Promise<boolean> {
      const rows = await q.query<{ id: string }>(
        `update tracks set status = 'processing', failure_reason = null, updated_at = now()
         where id = $1 and artist_id = $2 and not is_deleted and status = 'failed'
           and source_media_id is not null returning id`,
        [trackId, artistId],
      );
      return rows.length > 0;
    },

    async processingState(trackId: string) {
      const rows = await db.query<{
        artist_id: string;
        genre: string;
        status: string;
        is_deleted: boolean;
        rendition_key: string | null;
        source_key: string | null;
      }>(
        `select t.artist_id, t.genre, t.status, t.is_deleted, t.rendition_key, m.storage_key as source_key
         from tracks t left join media_objects m on m.id = t.source_media_id where t.id = $1`,
        [trackId],
      );
      return rows[0];
    },

    /** Chooses the rendition's key once; a rerun of the job gets the same key back. */
    async reserveRenditionKey(trackId: string, candidate: string): Promise<string> {
      const rows = await db.query<{ rendition_key: string }>(
        'update tracks set rendition_key = coalesce(rendition_key, $2) where id = $1 returning rendition_key',
        [trackId, candidate],
      );
      return rows[0]?.rendition_key ?? candidate;
    },

    async markReady(
      q: Queryable,
      trackId: string,
      ready: { audioId: string; durationMs: number; peaks: number[] },
    ): Promise<boolean> {
      const rows = await q.query<{ id: string }>(
        `update tracks set status = 'ready', audio_media_id = $2, duration_ms = $3, peaks = $4::jsonb,
           failure_reason = null, updated_at = now()
         where id = $1 and status = 'processing' and not is_deleted returning id`,
        [trackId, ready.audioId, ready.durationMs, JSON.stringify(ready.peaks)],
      );
      return rows.length > 0;
    },

    async markFailed(trackId: string, reason: string): Promise<void> {
      await db.query(
        `update tracks set status = 'failed', failure_reason = $2, updated_at = now()
         where id = $1 and status = 'processing' and not is_deleted`,
        [trackId, reason],
      );
    },

    /**
     * Refuses an upload for good: the track fails with `reason` and its stored upload is forgotten
     * (the track's reference clears with it), so it holds no slot and no storage. Resolves with
     * the upload's storage key for the caller to delete, or undefined when the track was not
     * processing any more.
     */
    async refuse(q: Queryable, trackId: string, reason: string): Promise<string | undefined> {
      const rows = await q.query<{ storage_key: string }>(
        `with refused as (
           update tracks set status = 'failed', failure_reason = $2, updated_at = now()
           where id = $1 and status = 'processing' and not is_deleted returning source_media_id)
         delete from media_objects m using refused where m.id = refused.source_media_id
         returning m.storage_key`,
        [trackId, reason],
      );
      return rows[0]?.storage_key;
    },

    /**
     * The artist's corrections of their own live track: a field given (a value or null) is
     * written, a field left undefined is kept. Resolves with whether the track was theirs.
     */
    async setSoundCorrection(
      q: Queryable,
      artistId: string,
      trackId: string,
      correction: { bpm?: number | null; key?: string | null },
    ): Promise<boolean> {
      const rows = await q.query(
        `update tracks set
           bpm_artist = case when $3 then $4::real else bpm_artist end,
           key_artist = case when $5 then $6::text else key_artist end,
           updated_at = now()
         where id = $1 and artist_id = $2 and not is_deleted returning id`,
        [
          trackId,
          artistId,
          correction.bpm !== undefined,
          correction.bpm ?? null,
          correction.key !== undefined,
          correction.key ?? null,
        ],
      );
      return rows.length > 0;
    },

    /**
     * Stores a track's measured sound (decision 0264), unless it was deleted meanwhile; its
     * energy percentile is the ranking job's. Resolves with whether the row was written.
     */
    async recordSound(q: Queryable, trackId: string, sound: SoundFeatures): Promise<boolean> {
      const rows = await q.query(
        `update tracks set bpm = $2, bpm_confidence = $3, key_camelot = $4, key_confidence = $5,
           energy_rms_db = $6, loudness_range_db = $7, onsets_per_second = $8, brightness_hz = $9,
           sound_measured_at = now()
         where id = $1 and not is_deleted returning id`,
        [
          trackId,
          sound.tempo?.bpm ?? null,
          sound.tempo?.confidence ?? null,
          sound.key.camelot,
          sound.key.confidence,
          sound.energy.rmsDb,
          sound.energy.loudnessRangeDb,
          sound.energy.onsetsPerSecond,
          sound.brightnessHz,
        ],
      );
      return rows.length > 0;
    },

    /** Ready, live tracks with no measurement yet, oldest first (the backfill's batch). */
    async unmeasuredTracks(q: Queryable, limit: number) {
      return q.query<{ id: string; artist_id: string }>(
        `select id, artist_id from tracks
         where sound_measured_at is null and status = 'ready' and not is_deleted
         order by uploaded_at limit $1`,
        [limit],
      );
    },

    /** The rendition of a ready, live track not measured yet, or undefined. */
    async unmeasuredRendition(trackId: string) {
      const rows = await db.query<{ genre: string; storage_key: string }>(
        `select t.genre, m.storage_key from tracks t join media_objects m on m.id = t.audio_media_id
         where t.id = $1 and t.status = 'ready' and not t.is_deleted and t.sound_measured_at is null`,
        [trackId],
      );
      return rows[0];
    },

    /** Energy's inputs of every measured, ready, live track of `genre`. */
    async genreEnergyInputs(genre: string): Promise<(EnergyInputs & { id: string })[]> {
      const rows = await db.query<{
        id: string;
        energy_rms_db: number;
        loudness_range_db: number;
        onsets_per_second: number;
      }>(
        `select id, energy_rms_db, loudness_range_db, onsets_per_second from tracks
         where genre = $1 and sound_measured_at is not null and status = 'ready' and not is_deleted`,
        [genre],
      );
      return rows.map((r) => ({
        id: r.id,
        rmsDb: r.energy_rms_db,
        loudnessRangeDb: r.loudness_range_db,
        onsetsPerSecond: r.onsets_per_second,
      }));
    },

    async setEnergyPercentiles(trackIds: string[], percentiles: number[]): Promise<void> {
      await db.query(
        `update tracks t set energy_percentile = v.percentile
         from unnest($1::uuid[], $2::real[]) as v (id, percentile) where t.id = v.id`,
        [trackIds, percentiles],
      );
    },

    /** Does a track (live or being processed) use the stored object as its upload, audio or cover? */
    async isClaimed(bucket: string, storageKey: string): Promise<boolean> {
      const rows = await db.query(
        `select 1 from media_objects m
         join tracks t on t.source_media_id = m.id or t.cover_media_id = m.id or t.audio_media_id = m.id
         where m.bucket = $1 and m.storage_key = $2 limit 1`,
        [bucket, storageKey],
      );
      return rows.length > 0;
    },

    async forgetMedia(bucket: string, storageKey: string): Promise<void> {
      await db.query('delete from media_objects where bucket = $1 and storage_key = $2', [
        bucket,
        storageKey,
      ]);
    },

    async dailyStats(artistId: string, days: number) {
      return db.query<{ day: string; track_id: string; plays: number; likes: number }>(
        `select to_char(s.day, 'YYYY-MM-DD') as day, s.track_id, s.plays, s.likes
         from track_daily_stats s join tracks t on t.id = s.track_id
         where t.artist_id = $1 and not t.is_deleted
           and s.day > (now() at time zone 'utc')::date - $2::int
         order by s.day, s.track_id`,
        [artistId, days],
      );
    },
  };
}

export type TracksRepository = ReturnType<typeof createTracksRepository>;
