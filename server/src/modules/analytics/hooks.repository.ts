import { DEMO_ACCOUNT, VERDICT, type SkipReason } from '@klang/domain';
import type { Queryable } from '../../db/client';

export interface OwnTrackRow {
  is_artist: boolean;
  id: string | null;
  title: string | null;
  genre: string | null;
  duration_ms: number | null;
  /** The rendition's stored peaks (jsonb), null before processing or for an old upload. */
  peaks: unknown;
  /** When it was uploaded: none of its deals is older (see `SnapshotOptions.since`). */
  uploaded_at: Date | null;
}

/** Ended deals of one track that share how they ended, where, and the whole second of a like. */
export interface HearingGroupRow {
  ended_as: 'like' | 'skip' | 'left';
  /** The last curve step the deal reached (0 … steps), null without a position or a length. */
  step: number | null;
  /** Whole seconds listened before a like, null for other endings or an untimed like. */
  like_second: number | null;
  deals: number;
  /** Distinct listeners the snapshot covers, the same on every row. */
  listeners: number;
  /** Of them, those with a positioned deal (the curve's contributors), the same on every row. */
  positioned_listeners: number;
  /** Of them, those with a timed like (the histogram's contributors), the same on every row. */
  timed_listeners: number;
}

/** Notes of one track in the published snapshot that share a kind, a reason and a curve step. */
export interface NoteGroupRow {
  kind: 'reason' | 'moment';
  reason: SkipReason | null;
  /** The curve step (0 … steps) nearest a moment; null for a reason or without a length. */
  step: number | null;
  notes: number;
  /** Distinct note-giving listeners the snapshot covers, the same on every row. */
  listeners: number;
}

/**
 * Joins the account of deal `d` only when the verdict trusts it at the deal's end, or at `at`
 * (a note's time; decisions 0196, 0257, 0302): not a temporary account, not the shared demo, an email confirmed (0255), and old
 * enough (a day by default). Scripted accounts made for the purpose fail the last, so they never
 * fill the floor of listeners.
 * `$email` and `$age` are the placeholders of DEMO_ACCOUNT.email and the trusted age
 * (VERDICT_ACCOUNT_MIN_AGE_HOURS, by default VERDICT.accountMinAgeMs).
 */
function trustedListenerJoin(email: string, age: string, at = 'd.ended_at'): string {
  return `join accounts a on a.id = d.user_id and ${trustedAccount(email, age, at)}`;
}

/** The trust of `trustedListenerJoin`, as a condition on account `a`. */
function trustedAccount(email: string, age: string, at: string): string {
  return `not a.is_temporary and a.email <> ${email} and a.email_verified_at is not null
    and ${at} >= a.created_at + ${age}::bigint * interval '1 millisecond'`;
}

/**
 * The same trust as `trustedListenerJoin`, as a condition on deal `d` that looks its account up
 * by key, once per deal. For one track's deals: a join let the planner scan every account to hash
 * them (at 200,000 accounts, 25 times dataset S's time: decision 0312, "Measured"), so one track's
 * read grew with the whole service. A lookup per deal grows with the track's own deals.
 */
function trustedListener(email: string, age: string, at = 'd.ended_at'): string {
  return `coalesce((select ${trustedAccount(email, age, at)} from accounts a where a.id = d.user_id), false)`;
}

/**
 * The CTEs `firsts` and `cutoff` of a snapshot that moves in steps of `$2` listeners: over the
 * rows of CTE `source` (with `id`, `is_first` per listener and the time column `at`), `cutoff` is
 * the row that brought the count of distinct listeners to the largest multiple of `$2`, with that
 * count as `listeners`; no row below `$2`. Hook analytics and Blind Notes both publish this way.
 */
function stepCutoff(source: string, at: string): string {
  return `firsts as (
           select ${at}, id, row_number() over (order by ${at}, id) as rank, count(*) over () as total
           from ${source} where is_first
         ),
         cutoff as (
           -- One row at most; saying so keeps the planner's estimate small (and JIT off).
           select ${at}, id, rank as listeners from firsts where rank = total - total % $2 limit 1
         )`;
}

/**
 * The track's ($1) served, ended, trusted Discover deals since $8, not its artist's ($5), each
 * marked `is_first` when it is its listener's first: `where` narrows them, `first` narrows who
 * can be first.
 */
function endedDeals(where: string, first = ''): string {
  return `select d.id, d.user_id, d.ended_as, d.ended_at, d.end_position_ms, d.listened_before_like_ms,
      row_number() over (partition by d.user_id order by d.ended_at, d.id) = 1 ${first} as is_first
    from deals d
    where d.track_id = $1 and d.dealt_at >= $8 and d.user_id <> $5 and d.origin = 'discover'
      and d.first_served_at is not null and d.ended_at is not null
      and ${trustedListener('$6', '$7')} ${where}`;
}

/** A hearing's curve step over the track's length ($3) in $4 steps, and a like's whole second. */
const STEP_AND_SECOND = `case when s.end_position_ms is null or coalesce($3::int, 0) <= 0 then null
    else least($4::int, s.end_position_ms::bigint * $4::int / $3::int)::int end as step,
  case when s.ended_as = 'like' then (s.listened_before_like_ms / 1000)::int end as like_second`;

/** A published snapshot: whose track, its floor of listeners, and its curve's grid. */
interface SnapshotOptions {
  artistId: string;
  floor: number;
  durationMs: number | null;
  steps: number;
  /**
   * No deal the snapshot reads is older ($8): the track's upload, or an A/B test's start, less a
   * day for a deck transaction that began before it. `deals` is partitioned by month, so a read
   * bounded this way opens only the months since (decision 0312); without it, every read of one
   * track opened every month the service had ever kept.
   */
  since: Date;
}

/** The bound of `SnapshotOptions.since`: a day before `at`. */
export function dealsSince(at: Date): Date {
  return new Date(at.getTime() - 86_400_000);
}

/** Of each hearing of the CTE `snapshot`: its listener, whether it had a position, a timed like. */
const SNAPSHOT_FLAGS = `select user_id, end_position_ms is not null as positioned,
    ended_as = 'like' and listened_before_like_ms is not null as timed
  from snapshot`;

/**
 * The CTE `contributors`: of the listeners of `flags` (a statement of `user_id`, `positioned` and
 * `timed` rows), those with a position (the curve) and those with a timed like (the histogram).
 */
function contributors(flags = SNAPSHOT_FLAGS): string {
  return `contributors as (
    select count(*) filter (where positioned)::int as positioned,
      count(*) filter (where timed)::int as timed
    from (
      select bool_or(positioned) as positioned, bool_or(timed) as timed
      from (${flags}) h group by user_id
    ) per_listener
  )`;
}

/** The columns every group repeats: the snapshot's listeners, and its contributors. */
const PER_GROUP = `c.listeners::int as listeners, k.positioned as positioned_listeners, k.timed as timed_listeners`;

/**
 * The SQL of hook analytics (decision 0200). The hearings and the genre's median start from
 * `deals_track_idx`: one track's deals, or one genre's tracks' deals; the Blind Notes from
 * `deal_notes_track_idx`, because notes are few (migration 0319).
 */
export function createHooksRepository(
  db: Queryable,
  trust: { accountMinAgeMs: number } = { accountMinAgeMs: VERDICT.accountMinAgeMs },
) {
  /** $1 to $8 of a published snapshot's statements: track, steps, artist, trust and the bound. */
  const snapshotValues = (trackId: string, options: SnapshotOptions) => [
    trackId,
    options.floor,
    options.durationMs,
    options.steps,
    options.artistId,
    DEMO_ACCOUNT.email,
    trust.accountMinAgeMs,
    options.since,
  ];
  return {
    /** Whether the account is an artist, and the track if it is one of theirs and not deleted. */
    async findOwnTrack(artistId: string, trackId: string): Promise<OwnTrackRow> {
      const rows = await db.query<OwnTrackRow>(
        `select ap.id is not null as is_artist, t.id, t.title, t.genre, t.duration_ms, t.peaks, t.uploaded_at
         from (select $1::uuid as artist_id) a
         left join artist_profiles ap on ap.id = a.artist_id
         left join tracks t on t.id = $2 and t.artist_id = a.artist_id and not t.is_deleted`,
        [artistId, trackId],
      );
      const row = rows[0];
      if (!row) throw new Error('the ownership query returns one row');
      return row;
    },

    /**
     * The track's served, ended deals up to the published snapshot, grouped. A listener joins
     * with their first ended deal; the snapshot ends at the deal that brought the count of
     * distinct listeners to the largest multiple of `floor`, so it only ever moves in steps of
     * `floor` new listeners (no rows: fewer than `floor`). Only listeners the verdict trusts count
     * (decision 0257); the artist's own hearings are no one's verdict and do not count either,
     * nor plays from a chart, which are not blind (decision 0288).
     */
    async hearingGroups(
      trackId: string,
      options: SnapshotOptions & {
        /** One version of an A/B test (decision 0304): its deals that ended by the test's end. */
        version?: { testId: string; version: 'a' | 'b'; endedAt: Date | null };
      },
    ): Promise<HearingGroupRow[]> {
      const version = options.version;
      const values = [
        ...snapshotValues(trackId, options),
        ...(version ? [version.testId, version.version, version.endedAt] : []),
      ];
      if (version)
        return db.query<HearingGroupRow>(
          `with ended as (${endedDeals(`and d.ab_test_id = $9 and d.ab_version = $10
               and d.ended_at <= coalesce($11::timestamptz, 'infinity')`)}),
           ${stepCutoff('ended', 'ended_at')},
           snapshot as (select e.* from ended e join cutoff c on (e.ended_at, e.id) <= (c.ended_at, c.id)),
           ${contributors()}
           select s.ended_as, ${STEP_AND_SECOND}, count(*)::int as deals, ${PER_GROUP}
           from snapshot s cross join cutoff c cross join contributors k
           group by 1, 2, 3, c.listeners, k.positioned, k.timed`,
          values,
          { prepare: true },
        );
      // A deal of an A/B test is never rolled up (decision 0317), so a version reads deals alone.
      // The whole track's figures also read its months rolled up: each rolled-up listener's first
      // hearing ranks beside the deals' own, and every rolled-up hearing is inside the figures.
      return db.query<HearingGroupRow>(
        `with rolled as (
           select user_id, heard_first_at, heard_first_id, positioned, timed from listener_tracks
           where track_id = $1 and heard_first_at is not null
         ),
         ended as (${endedDeals('', 'and not exists (select 1 from rolled r where r.user_id = d.user_id)')}),
         firsts_all as (
           select ended_at, id, is_first from ended where is_first
           union all
           select heard_first_at, heard_first_id, true from rolled
         ),
         ${stepCutoff('firsts_all', 'ended_at')},
         snapshot as (select e.* from ended e join cutoff c on (e.ended_at, e.id) <= (c.ended_at, c.id)),
         ${contributors(`${SNAPSHOT_FLAGS}
           union all
           select user_id, positioned, timed from rolled where exists (select 1 from cutoff)`)},
         hearings as (
           select s.ended_as, ${STEP_AND_SECOND}, count(*)::int as deals from snapshot s group by 1, 2, 3
           union all
           select r.ended_as, r.step, r.like_second, r.deals from track_hearing_rollups r
           where r.track_id = $1 and exists (select 1 from cutoff)
         )
         select h.ended_as, h.step, h.like_second, sum(h.deals)::int as deals, ${PER_GROUP}
         from hearings h cross join cutoff c cross join contributors k
         group by 1, 2, 3, c.listeners, k.positioned, k.timed`,
        values,
        { prepare: true },
      );
    },

    /**
     * The track's Blind Notes up to their published snapshot (decision 0302), grouped: the
     * same construction as `hearingGroups`, over note-giving listeners. A listener joins with
     * their first note; the snapshot ends at the note that brought the count of distinct
     * note-giving listeners to the largest multiple of `floor`, so the figures move only in
     * steps of `floor` new listeners, and a later note of a listener already counted waits for
     * the next step. Trust is the hooks': an account the verdict trusts when the note was given,
     * not the artist, and only notes on Discover's blind deals.
     */
    async noteGroups(trackId: string, options: SnapshotOptions): Promise<NoteGroupRow[]> {
      return db.query<NoteGroupRow>(
        `with noted as (
           select n.id, n.kind, n.reason, n.position_ms, n.created_at,
             row_number() over (partition by d.user_id order by n.created_at, n.id) = 1 as is_first
           from deal_notes n
           join deals d on d.id = n.deal_id and d.dealt_at = n.deal_dealt_at
           where n.track_id = $1 and n.deal_dealt_at >= $8 and d.dealt_at >= $8
             and d.user_id <> $5 and d.origin = 'discover'
             and ${trustedListener('$6', '$7', 'n.created_at')}
         ),
         ${stepCutoff('noted', 'created_at')}
         select s.kind, s.reason,
           case when s.kind <> 'moment' or coalesce($3::int, 0) <= 0 then null
                else least($4::int, round(s.position_ms::float8 * $4::int / $3::int))::int end as step,
           count(*)::int as notes, c.listeners::int as listeners
         from noted s join cutoff c on (s.created_at, s.id) <= (c.created_at, c.id)
         group by 1, 2, 3, c.listeners`,
        snapshotValues(trackId, options),
        { prepare: true },
      );
    },

    /**
     * The median of the genre's per-track like rates (likes over rated deals of trusted
     * listeners), over the tracks rated by at least `minListeners` distinct trusted listeners,
     * and how many such tracks there are.
     */
    async genreLikeRate(
      genre: string,
      minListeners: number,
    ): Promise<{ median: number | null; tracks: number }> {
      const rows = await db.query<{ median: number | null; tracks: number }>(
        `with rated as (
           select t.id as track_id, d.user_id, d.ended_as = 'like' as liked
           from tracks t
           join deals d on d.track_id = t.id
           ${trustedListenerJoin('$3', '$4')}
           where t.genre = $1 and not t.is_deleted and d.origin = 'discover'
             and d.first_served_at is not null and d.ended_as in ('like', 'skip')
         ),
         counted as (
           select track_id, (count(*) filter (where liked))::int as likes, count(*)::int as rated
           from rated group by track_id
         ),
         -- A track's distinct listeners, and its likes and ratings, over its months rolled up too
         -- (decision 0317).
         listeners as (
           select track_id, count(*) as n from (
             select track_id, user_id from rated
             union
             select l.track_id, l.user_id from listener_tracks l join tracks t on t.id = l.track_id
             where l.rated and t.genre = $1 and not t.is_deleted
           ) u group by track_id
         )
         select percentile_cont(0.5) within group (order by rate) as median, count(*)::int as tracks
         from (
           select (coalesce(c.likes, 0) + coalesce(r.likes, 0))::float8
             / (coalesce(c.rated, 0) + coalesce(r.rated, 0)) as rate
           from listeners n
           left join counted c on c.track_id = n.track_id
           left join track_rollups r on r.track_id = n.track_id
           where n.n >= $2
         ) rates`,
        [genre, minListeners, DEMO_ACCOUNT.email, trust.accountMinAgeMs],
      );
      return rows[0] ?? { median: null, tracks: 0 };
    },
  };
}

export type HooksRepository = ReturnType<typeof createHooksRepository>;
