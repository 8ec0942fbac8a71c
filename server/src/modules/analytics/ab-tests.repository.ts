import type { AbTestStatus } from '@klang/domain';
import type { Queryable } from '../../db/client';

/** The artist's own track a test page is for, with its latest test. */
export interface AbTrackRow {
  is_artist: boolean;
  id: string | null;
  title: string | null;
  featured: boolean | null;
}

export interface AbVersionRow {
  id: string;
  title: string;
  duration_ms: number | null;
}

export interface AbTestRow {
  id: string;
  artist_id: string;
  track_id: string;
  version_b_track_id: string;
  title_a: string;
  title_b: string;
  duration_a_ms: number | null;
  duration_b_ms: number | null;
  cap: number;
  status: AbTestStatus;
  started_at: Date;
  ended_at: Date | null;
}

const TEST_COLUMNS = `ab.id, ab.artist_id, ab.track_id, ab.version_b_track_id, ta.title as title_a, tb.title as title_b,
  ab.duration_a_ms, ab.duration_b_ms, ab.cap, ab.status, ab.started_at, ab.ended_at`;
const TEST_JOINS = `join tracks ta on ta.id = ab.track_id join tracks tb on tb.id = ab.version_b_track_id`;

/**
 * The columns of a track that are its audio and what was measured of it (decision 0304): a
 * winning version B moves into the featured track with these, and the track it came from keeps
 * version A's, so no upload is lost.
 */
const AUDIO_COLUMNS = [
  'source_media_id',
  'audio_media_id',
  'rendition_key',
  'duration_ms',
  'peaks',
  'bpm',
  'bpm_confidence',
  'key_camelot',
  'key_confidence',
  'energy_rms_db',
  'loudness_range_db',
  'onsets_per_second',
  'brightness_hz',
  'energy_percentile',
  'sound_measured_at',
  'bpm_artist',
  'key_artist',
] as const;

/** The SQL of blind A/B tests (decision 0304); the figures are the hooks repository's. */
export function createAbTestsRepository(db: Queryable) {
  return {
    /** Whether the account is an artist, and the track if it is one of theirs and not deleted. */
    async findOwnTrack(artistId: string, trackId: string): Promise<AbTrackRow> {
      const rows = await db.query<AbTrackRow>(
        `select ap.id is not null as is_artist, t.id, t.title, t.featured_in_player as featured
         from (select $1::uuid as artist_id) a
         left join artist_profiles ap on ap.id = a.artist_id
         left join tracks t on t.id = $2 and t.artist_id = a.artist_id and not t.is_deleted`,
        [artistId, trackId],
      );
      const row = rows[0];
      if (!row) throw new Error('the ownership query returns one row');
      return row;
    },

    /** The artist's ready uploads that may be version B of `trackId`: not it, not featured, not under test. */
    async candidates(artistId: string, trackId: string): Promise<AbVersionRow[]> {
      return db.query<AbVersionRow>(
        `select t.id, t.title, t.duration_ms from tracks t
         where t.artist_id = $1 and t.id <> $2 and not t.is_deleted and t.status = 'ready'
           and not t.featured_in_player
           and not exists (select 1 from ab_tests ab where ab.status = 'running'
             and (ab.version_b_track_id = t.id or ab.track_id = t.id))
         order by t.uploaded_at desc, t.id`,
        [artistId, trackId],
      );
    },

    /** The track's running test, or the last one that ended; undefined when never tested. */
    async latestTest(trackId: string): Promise<AbTestRow | undefined> {
      const rows = await db.query<AbTestRow>(
        `select ${TEST_COLUMNS} from ab_tests ab ${TEST_JOINS}
         where ab.track_id = $1 order by ab.status = 'running' desc, ab.started_at desc, ab.id limit 1`,
        [trackId],
      );
      return rows[0];
    },

    /** Every running test, for the periodic look. */
    async runningTests(): Promise<AbTestRow[]> {
      return db.query<AbTestRow>(
        `select ${TEST_COLUMNS} from ab_tests ab ${TEST_JOINS} where ab.status = 'running' order by ab.started_at`,
      );
    },

    /** Takes the artist's row lock that featuring a track also takes (tracks' `artistState`). */
    async lockArtist(q: Queryable, artistId: string): Promise<void> {
      await q.query('select id from artist_profiles where id = $1 for update', [artistId]);
    },

    /**
     * Starts a test, under the artist's lock: A must be the artist's featured, ready track and
     * B another of their ready uploads, not featured and not in a running test. Returns the
     * test's id, or why it could not start.
     */
    async start(
      q: Queryable,
      artistId: string,
      trackId: string,
      versionBTrackId: string,
      cap: number,
    ): Promise<{ id: string } | { refused: 'not-featured' | 'version' | 'running' }> {
      const rows = await q.query<{
        a_ok: boolean;
        b_ok: boolean;
        running: boolean;
        id: string | null;
      }>(
        `with a as (
           select id, duration_ms from tracks
           where id = $2 and artist_id = $1 and not is_deleted and status = 'ready' and featured_in_player),
         b as (
           select id, duration_ms from tracks
           where id = $3 and id <> $2 and artist_id = $1 and not is_deleted and status = 'ready'
             and not featured_in_player
             and not exists (select 1 from ab_tests ab where ab.status = 'running'
               and (ab.version_b_track_id = $3 or ab.track_id = $3))),
         running as (select exists (select 1 from ab_tests where track_id = $2 and status = 'running') as yes),
         started as (
           insert into ab_tests (artist_id, track_id, version_b_track_id, duration_a_ms, duration_b_ms, cap)
           select $1, a.id, b.id, a.duration_ms, b.duration_ms, $4 from a, b, running where not running.yes
           returning id)
         select exists (select from a) as a_ok, exists (select from b) as b_ok, running.yes as running,
           (select id from started) as id
         from running`,
        [artistId, trackId, versionBTrackId, cap],
      );
      const row = rows[0];
      if (!row) throw new Error('the start statement returns one row');
      if (row.id !== null) return { id: row.id };
      if (row.running) return { refused: 'running' };
      return { refused: row.a_ok ? 'version' : 'not-featured' };
    },

    /**
     * Ends a running test with `status`; false when it was no longer running (a second look, or
     * the artist's stop, came first). A B win moves version B's audio into the featured track
     * and version A's into B's upload, in the same transaction: the track keeps its id, title,
     * likes and charts, and nothing uploaded is lost.
     */
    async end(q: Queryable, testId: string, status: Exclude<AbTestStatus, 'running'>): Promise<boolean> {
      const rows = await q.query<{ track_id: string; version_b_track_id: string }>(
        `update ab_tests set status = $2, ended_at = now()
         where id = $1 and status = 'running' returning track_id, version_b_track_id`,
        [testId, status],
      );
      const ended = rows[0];
      if (!ended) return false;
      if (status === 'b-won') {
        const set = AUDIO_COLUMNS.map((c) => `${c} = o.${c}`).join(', ');
        await q.query(
          `update tracks t set ${set}, updated_at = now()
           from (select id, ${AUDIO_COLUMNS.join(', ')} from tracks where id in ($1, $2) for update) o
           where t.id in ($1, $2) and o.id <> t.id`,
          [ended.track_id, ended.version_b_track_id],
        );
      }
      return true;
    },

    /** The running test of the artist's track, ended as stopped; false when none was running. */
    async stop(q: Queryable, artistId: string, trackId: string): Promise<boolean> {
      const rows = await q.query<{ id: string }>(
        `update ab_tests set status = 'stopped', ended_at = now()
         where track_id = $1 and artist_id = $2 and status = 'running' returning id`,
        [trackId, artistId],
      );
      return rows.length > 0;
    },
  };
}

export type AbTestsRepository = ReturnType<typeof createAbTestsRepository>;
