import {
  DEAL_RULES,
  RADAR_RULES,
  TASTE_BRIGHTNESS_EDGES_HZ,
  TASTE_GROUPS,
  TASTE_TEMPO_EDGES,
  type TasteGroup,
} from '@klang/domain';
import type { Queryable } from '../../db/client';
import type { StoredSound } from '../../lib/sound/stored-sound';
import type { Bucket } from '../../providers/storage/storage';
import type { AwardStatementPart, Span } from '../loyalty/loyalty.service';

/** The reveal card's columns (RevealRow but the library flag) over `t`, with REVEAL_JOINS; $1 is the user. */
const REVEAL_COLUMNS = `t.id, t.title, t.genre, t.label, t.bpm, t.bpm_confidence, t.key_camelot, t.key_confidence,
  t.bpm_artist, t.key_artist, t.energy_percentile, a.id as artist_id, p.artist_name, a.gold_badge_applied, a.followers,
  c.bucket as cover_bucket, c.storage_key as cover_key, av.bucket as avatar_bucket, av.storage_key as avatar_key,
  exists (select 1 from follows f where f.follower_id = $1 and f.artist_id = a.id) as is_following`;
const REVEAL_JOINS = `join artist_profiles a on a.id = t.artist_id
  join profiles p on p.id = a.id
  left join media_objects c on c.id = t.cover_media_id
  left join media_objects av on av.id = a.profile_image_id`;

/**
 * The version B a deal `d` is heard in (decision 0304): the test's other upload while the test
 * runs and that upload is ready; no row otherwise, and the track's own audio is heard.
 */
const versionB = (columns: string, deal = 'd') => `select ${columns} from ab_tests ab
  join tracks b on b.id = ab.version_b_track_id
  where ab.id = ${deal}.ab_test_id and ${deal}.ab_version = 'b' and ab.status = 'running'
    and not b.is_deleted and b.status = 'ready'`;
/** The length of the version a deal `dealt` (its insert's returning row) is heard in. */
export const DEALT_DURATION = `coalesce((${versionB('b.duration_ms', 'dealt')}), t.duration_ms) as duration_ms`;

/**
 * The position a deal ended at (decision 0190), over the deal `d` and its track `t`: the client's
 * report `reported` (SQL; null when none) kept only up to what the server observed, that is the
 * wall clock between the first serve of the audio and `at` (0 when it was never served) and the
 * track's length (the version's the listener heard, under an A/B test). No client number can
 * exceed either; an unreported position is the bound.
 * LEAST skips nulls, so a missing report or length simply drops out.
 */
export function endPosition(at: string, reported: string): string {
  return `least(${reported}::bigint,
    coalesce(greatest(0, floor(extract(epoch from (${at}::timestamptz - d.first_served_at)) * 1000))::bigint, 0),
    coalesce((${versionB('b.duration_ms')}), t.duration_ms, 2147483647))::int`;
}

/**
 * SQL: deal `d` is still open at `at` (decision 0314): dealt no more than `DEAL_RULES.openDays`
 * before it. Every read of a deal by its alias says so, so an old alias names nothing, and the
 * read touches only the months it can be in.
 */
export function dealOpenAt(at: string): string {
  return `d.dealt_at > ${at}::timestamptz - interval '${String(DEAL_RULES.openDays)} days'`;
}

/**
 * Runs `heardSql`, a select of one multirange `heard` whose $2 and $3 are the window `from..to`,
 * and returns the spans of it inside the window, in order.
 */
async function spansOf(db: Queryable, heardSql: string, params: [string, Date, Date]): Promise<Span[]> {
  const rows = await db.query<{ start: Date; end: Date }>(
    `select lower(r) as start, upper(r) as end
     from (${heardSql}) h, unnest(h.heard * tstzmultirange(tstzrange($2, $3))) r
     order by 1`,
    params,
    { prepare: true },
  );
  return rows.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }));
}

/** `x.bpm` within `min..max` (SQL terms), or with `halfDouble` also within half or double of it. */
function tempoWithin(min: string, max: string, halfDouble: boolean): string {
  return halfDouble
    ? `(x.bpm between ${min} and ${max} or x.bpm between ${min} / 2 and ${max} / 2
    or x.bpm between ${min} * 2 and ${max} * 2)`
    : `x.bpm between ${min} and ${max}`;
}

/**
 * A deck entry `x` (deck_exposure, migration 0200) eligible for the user $1 in the deal pick: in
 * the deck, matching the listener's filters (decision 0266), not liked by them, never held by
 * them outside the live deck (played from a chart, decision 0288, dealt in an offline pack,
 * decision 0305, or dealt first to a follower, decision 0306: each time they may have kept its
 * audio; the `held` CTE reads those tracks once per deal, over `deals_off_deck_idx`), other than
 * the track of their current deal (the `current_deal` CTE). The like check is one index probe per entry the scan keeps: `offset 0` keeps the planner
 * from turning it into an anti-join, whose generic plan (the statement is prepared) materialises
 * all of the user's likes on every call, 15,000 rows for a heavy liker.
 *
 * A filter of one value or one range (a genre, an energy, a tempo window) is an `indexed` term:
 * the deck's indexes carry the sound as trailing keys (decision 0289), so the scan checks it on
 * the index entry and visits the heap only for the entries that match. A filter of several (a
 * key and its Camelot neighbours, a window with half and double time) cannot be checked there in
 * key order (PostgreSQL 15 keeps neither an `any` nor an `or` in the index scan of an ordered
 * walk), and is a `checked` term on the heap row, inside one `coalesce(…, false)` that the
 * planner estimates at half the deck whatever its values (decision 0287): a generic plan would
 * otherwise guess a tempo range between two parameters at 0.5 % of the deck while a custom plan
 * sees the real share, and the statement rarely earned its cached plan.
 */
function eligible(indexed: string[], checked: string[]): string {
  return [
    'x.in_deck',
    ...indexed,
    ...(checked.length > 0 ? [`coalesce(${checked.join('\n    and ')}, false)`] : []),
    'x.track_id is distinct from (select track_id from current_deal)',
    'x.track_id <> all ((select ids from held)::uuid[])',
    `not exists (
    select 1 from track_interactions i
    where i.user_id = $1 and i.track_id = x.track_id and i.interaction_type = 'like' offset 0)`,
  ].join('\n  and ');
}

const sqlText = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`;
const sqlReals = (values: readonly number[]) => `array[${values.join(', ')}]::real[]`;

/**
 * The band a deck entry `x` falls in, per taste group (decision 0283): SQL for its 1-based index
 * within the group (TASTE_GROUPS' order), null when that feature is not measured.
 */
const TASTE_BANDS: Record<TasteGroup, string> = {
  genre: `array_position(${sqlText(TASTE_GROUPS.genre)}, x.genre)`,
  tempo: `1 + width_bucket(x.bpm, ${sqlReals(TASTE_TEMPO_EDGES)})`,
  mode: `case right(x.key_camelot, 1) when 'A' then 1 when 'B' then 2 end`,
  energy: `array_position(${sqlText(TASTE_GROUPS.energy)}, x.energy)`,
  brightness: `1 + width_bucket(x.brightness_hz, ${sqlReals(TASTE_BRIGHTNESS_EDGES_HZ)})`,
};
const GROUPS = Object.keys(TASTE_BANDS) as TasteGroup[];
const BAND_COLUMNS = GROUPS.map((g) => `${TASTE_BANDS[g]} as ${g}`).join(', ');

/** Evidence for and against a set of bands (one row per combination met), weighted verdicts. */
export type BandEvidence = Record<TasteGroup, number | null> & { yes: number; no: number };

const { weights: W } = RADAR_RULES;
/**
 * A deal's verdict as evidence for its track's bands (decision 0283), over the deal `d` and its
 * track `t`: a like for, a listen to the end half for, an early skip a little against, a later
 * skip against; a deal left unrated part-way says nothing.
 */
const THROUGH = `d.end_position_ms >= ${RADAR_RULES.listenedThroughShare} * t.duration_ms`;
const VERDICT_YES = `case when d.ended_as = 'like' then ${W.like} when ${THROUGH} then ${W.listenedThrough} else 0 end`;
const VERDICT_NO = `case when d.ended_as = 'like' or ${THROUGH} then 0
  when d.ended_as = 'skip' and coalesce(d.end_position_ms, 0) < ${RADAR_RULES.earlySkipMs} then ${W.earlySkip}
  when d.ended_as = 'skip' then ${W.lateSkip} else 0 end`;

/** What a listener digs the deck by (decision 0266); null is no filter of that kind. */
export interface DealFilter {
  genre: string | null;
  energy: string | null;
  /** Any of these Camelot codes. */
  keys: string[] | null;
  tempo: { min: number; max: number; halfDouble: boolean } | null;
  /** Mix mode: compatible with the track mixed from (keys, and a tempo window with half/double). */
  mixKeys: string[] | null;
  mixTempo: { min: number; max: number } | null;
}

export const NO_FILTER: DealFilter = {
  genre: null,
  energy: null,
  keys: null,
  tempo: null,
  mixKeys: null,
  mixTempo: null,
};

/** A deal's statement, built for the shape of its filters (and the radar's), and its values. */
export interface DealStatement {
  text: string;
  values: unknown[];
}

/** One deal asked for: whose, after which of their deals, by which draw, when, and dug by what. */
export interface DealRequest {
  userId: string;
  /** The alias of the deal the listener is on, never dealt again at once; null for none. */
  currentAlias: string | null;
  /** The random draw in [0, 1) the pick seeks from. */
  r: number;
  dealtAt: Date;
  /** FIRST_LISTENS: deals every eligible track gets before the deck deals past the least exposed. */
  firstListens: number;
  filter: DealFilter;
}

/** A candidate of Blind Radar's pick: a deck entry's track and the bands its sound falls in. */
export type CandidateBands = Record<TasteGroup, number | null> & { track_id: string };

/**
 * The deck a deal picks from (decisions 0191, 0266), shared by the fair deal's statement and the
 * radar's candidates: $1 user, $2 the current alias or null, $3 the random draw, $4 FIRST_LISTENS
 * (0 deals uniformly at random, as before the fair deck), then a placeholder for each filter in
 * use and nothing for those that are not: the text differs per shape, so each shape is planned
 * for itself (a text gating every filter on `$n is null` cost ten times the planning of the fair
 * deck's own, measured in `bench/next-track-sql.ts`), and prepared once.
 *
 * Equal first listens are judged among the tracks the filters leave this listener (decision
 * 0266): while the least-exposed of them has fewer than $4 deals the pick is from that tier;
 * after, from all of them, or with the radar from within its band. `branches` are the four scans
 * that seek into the random key from the draw, each wrapping to the start of its range.
 */
/**
 * The draw $3 as the scans seek from it: behind a sub-select, so that a custom plan cannot see its
 * value either. Seen, a custom plan costs the seek by the draw (the share of keys above it), a
 * generic one by a guess of a third, and whether the statement kept its cached plan came down to
 * its first five draws (decision 0287). Still an index condition.
 */
const DRAW = '(select $3::float8)';

function deckScope(request: DealRequest, band: number | null) {
  const { filter } = request;
  const values: unknown[] = [request.userId, request.currentAlias, request.r, request.firstListens];
  const param = (value: unknown, type: string): string => {
    values.push(value);
    return `$${String(values.length)}::${type}`;
  };
  const indexed: string[] = [];
  const checked: string[] = [];
  if (filter.genre !== null) indexed.push(`x.genre = ${param(filter.genre, 'text')}`);
  if (filter.energy !== null) indexed.push(`x.energy = ${param(filter.energy, 'text')}`);
  if (filter.keys !== null) checked.push(`x.key_camelot = any (${param(filter.keys, 'text[]')})`);
  if (filter.mixKeys !== null) checked.push(`x.key_camelot = any (${param(filter.mixKeys, 'text[]')})`);
  if (filter.tempo) {
    const within = tempoWithin(
      param(filter.tempo.min, 'real'),
      param(filter.tempo.max, 'real'),
      filter.tempo.halfDouble,
    );
    (filter.tempo.halfDouble ? checked : indexed).push(within);
  }
  if (filter.mixTempo)
    checked.push(tempoWithin(param(filter.mixTempo.min, 'real'), param(filter.mixTempo.max, 'real'), true));
  const ELIGIBLE = eligible(indexed, checked);
  const inTier = `(select n from lowest) < $4 and x.deal_count = (select n from lowest)`;
  const pastTier = [
    '(select n from lowest) >= $4',
    ...(band === null ? [] : [`x.deal_count <= (select n from lowest) + ${String(Math.trunc(band))}`]),
  ].join(' and ');
  return {
    values,
    ctes: `current_deal as (select d.track_id from deals d where d.id = $2::uuid and d.user_id = $1),
held as (select coalesce(array_agg(c.track_id), '{}') as ids from (
  select c.track_id from deals c where c.user_id = $1 and (c.origin <> 'discover' or c.pack_id is not null)
  union all
  select l.track_id from listener_tracks l where l.user_id = $1 and l.held) c),
lowest as (select x.deal_count as n from deck_exposure x where ${ELIGIBLE} order by x.deal_count limit 1)`,
    /** The four scans, each `(select <columns> ... limit <limit>)`, in the draw's order. */
    branches: (columns: string, limit: number) =>
      (
        [
          [`${inTier} and x.rnd >= ${DRAW}`, 'x.deal_count, x.rnd', 0],
          [`${inTier} and x.rnd < ${DRAW}`, 'x.deal_count, x.rnd', 1],
          [`${pastTier} and x.rnd >= ${DRAW}`, 'x.rnd', 0],
          [`${pastTier} and x.rnd < ${DRAW}`, 'x.rnd', 1],
        ] as const
      )
        .map(
          ([where, order, wrapped]) =>
            `(select ${columns.replace('$wrapped', String(wrapped))} from deck_exposure x
  where ${ELIGIBLE} and ${where} order by ${order} limit ${String(limit)})`,
        )
        .join('\n  union all\n  '),
  };
}

/**
 * The fair deal: the pick and its deal row in one statement (decisions 0191, 0266; see
 * dealCandidate), the next key from the draw in the least-exposed tier, or past it in the whole
 * deck; $5 is when. Its commit does not wait for the WAL flush (`async_commit`, local to this
 * statement's own transaction): a crash may forget the last deals handed out, never a rating, a
 * grant or a like, whose commits flush every deal before them (decision 0201). So it must not
 * run inside a wider transaction, whose every write would lose the wait with it. Exported for
 * the benchmarks.
 */
export function dealStatement(request: DealRequest): DealStatement {
  const { values, ctes, branches } = deckScope(request, null);
  values.push(request.dealtAt);
  const when = `$${String(values.length)}::timestamptz`;
  const text = `
with async_commit as (select set_config('synchronous_commit', 'off', true)),
${ctes},
pick as (
  ${branches('x.track_id', 1)}
  limit 1),
dealt as (
  insert into deals (user_id, track_id, dealt_at, policy, propensity, candidates)
  select $1, pick.track_id, ${when}, 'fair', 1, 1
  from pick where exists (select from async_commit) returning id, ab_test_id, ab_version)
select dealt.id as alias, ${DEALT_DURATION} from dealt cross join pick join tracks t on t.id = pick.track_id`;
  return { text, values };
}

/**
 * Blind Radar's candidates (decision 0283): the next `candidates` keys from the draw, by the
 * fair deal's own scans (the tier, or past it within `band` deals of the least dealt), in the
 * draw's order, each with the bands of its sound (never a name). The model picks among them
 * (`chooseCandidate`) and `dealChosen` deals the pick. Read only, so its plan is cached: the
 * scoring once in this statement kept it on a fresh plan per deal, 1.2 to 1.9 ms of planning
 * (decision 0287). Exported for the benchmarks.
 */
export function radarCandidatesStatement(
  request: DealRequest,
  candidates: number,
  band: number,
): DealStatement {
  const { values, ctes, branches } = deckScope(request, band);
  const text = `
with ${ctes},
candidates as (
  ${branches('x.track_id, x.rnd, $wrapped as wrapped, x.genre, x.bpm, x.key_camelot, x.energy, x.brightness_hz', candidates)}
  limit ${String(Math.trunc(candidates))})
select x.track_id, ${BAND_COLUMNS} from candidates x order by x.wrapped, x.rnd`;
  return { text, values };
}

/** How a radar deal was picked, logged on its deal row (issue 29 item 3). */
export interface DealChoice {
  policy: 'radar' | 'explore';
  /** The probability the policy gave this candidate, given the candidates. */
  propensity: number;
  /** How many candidates it was picked from. */
  candidates: number;
}

/** A deal handed out: its alias and the track's length. */
export interface Dealt {
  alias: string;
  durationMs: number | null;
}

export interface PlayableTrack {
  /** The public id. */
  id: string;
  /** The deal the grant was asked by, when asked by an alias. */
  dealId: string | null;
  durationMs: number | null;
  bucket: Bucket;
  storageKey: string;
  contentType: string;
  byteSize: number;
}

/**
 * The track a rating or a grant names, as `target (track_id, deal_id, deal_dealt_at)`: $2 is either the alias of
 * one of the user's ($1) deals or the public id of a track the user has liked. Anything else (an
 * alias of another listener, a public id not liked) names nothing: pre-like, a listener can only
 * speak of a track through the alias the deck gave them. A deal of an offline pack names nothing
 * here either: its verdict comes only with the pack's (decision 0305), bounded by the pack's.
 * Nor does a deal no longer open at $3 (decision 0314).
 */
const TARGET = `target as (
  (select d.track_id, d.id as deal_id, d.dealt_at as deal_dealt_at
   from deals d where d.id = $2 and d.user_id = $1 and d.pack_id is null and ${dealOpenAt('$3')})
  union all
  (select i.track_id, null::uuid, null::timestamptz from track_interactions i
   where i.user_id = $1 and i.track_id = $2 and i.interaction_type = 'like')
  limit 1)`;

export interface RatingState {
  /** The public id of the track named. */
  trackId: string;
  /** The deal named, when named by its alias. */
  dealId: string | null;
  playable: boolean;
  /** A grant of the track was issued to the user. */
  served: boolean;
  /** The named deal's audio was sent to the user (never, when named by public id). */
  heard: boolean;
  like: { addedToLibrary: boolean } | null;
}

/** A deal of an offline pack as its sync reads it (see lockPack). */
export interface PackDeal {
  id: string;
  track_id: string;
  dealt_at: Date;
  first_served_at: Date | null;
  ended_as: 'like' | 'skip' | 'left' | null;
  end_position_ms: number | null;
  duration_ms: number | null;
}

export interface RevealRow extends StoredSound {
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
     * Forgets what a listener did in the player: their likes and dislikes come back out of the
     * tracks' counters, and their interactions, grants and deals go. For another area's removal
     * (an account deleted or discarded, the demo account's clearing), in its transaction.
     */
    async forgetListener(userId: string): Promise<void> {
      await db.query(
        `update tracks t set
           likes = greatest(0, t.likes - c.likes),
           dislikes = greatest(0, t.dislikes - c.dislikes),
           added_to_library = greatest(0, t.added_to_library - c.library)
         from (
           select track_id,
                  count(*) filter (where interaction_type = 'like')::int as likes,
                  count(*) filter (where interaction_type = 'dislike')::int as dislikes,
                  count(*) filter (where added_to_library)::int as library
           from track_interactions where user_id = $1 group by track_id
         ) c
         where t.id = c.track_id`,
        [userId],
      );
      await db.query('delete from track_interactions where user_id = $1', [userId]);
      await db.query('delete from playback_grants where user_id = $1', [userId]);
      await db.query('delete from stream_grants where user_id = $1', [userId]);
      await db.query('delete from follow_deliveries where user_id = $1', [userId]);
      await db.query('delete from shares where sharer_id = $1', [userId]);
      await db.query('delete from deals where user_id = $1', [userId]);
      await db.query('delete from listener_tracks where user_id = $1', [userId]);
    },

    /**
     * The partitions of `deals` from the month of `from` to the month of `until` that are missing,
     * made (`deals_prepare_months`, migration 0312): how many.
     */
    async prepareDealMonths(from: Date, until: Date): Promise<number> {
      const [row] = await db.query<{ made: number }>('select deals_prepare_months($1, $2) as made', [
        from,
        until,
      ]);
      return row?.made ?? 0;
    },

    /**
     * Forgets a track in the player: its interactions, grants and deals go (its counters are the
     * deleting area's, zeroed with the row), and so do its deliveries to followers. For the track's
     * deletion, in its transaction.
     */
    async forgetTrack(trackId: string): Promise<void> {
      await db.query('delete from track_interactions where track_id = $1', [trackId]);
      await db.query('delete from playback_grants where track_id = $1', [trackId]);
      await db.query('delete from stream_grants where track_id = $1', [trackId]);
      await db.query('delete from follow_deliveries where track_id = $1', [trackId]);
      await db.query('delete from shares where track_id = $1', [trackId]);
      await db.query('delete from deals where track_id = $1', [trackId]);
      await db.query('delete from listener_tracks where track_id = $1', [trackId]);
      await db.query('delete from track_hearing_rollups where track_id = $1', [trackId]);
      await db.query('delete from track_rollups where track_id = $1', [trackId]);
    },

    /**
     * Deals the next track (decision 0191) and records the deal in the same statement, so the
     * alias costs no round trip; the alias is the deal's id (decision 0130). Eligible are the
     * featured tracks the user has not liked, other than the one dealt as `currentAlias`. While
     * the least-exposed eligible track has fewer than `firstListens` deals, the pick is among the
     * eligible tracks with that lowest count; after that, among all eligible tracks. Either way it
     * seeks into the random key from `r` and wraps to the start of the range when nothing lies
     * above it: index scans on deck_exposure_fair_idx and deck_exposure_shuffle_idx plus a probe
     * of the user's likes per row, independent of the catalogue's size (performance-and-security A5). The
     * insert's trigger counts the deal, so a concurrent pick already sees it.
     */
    async dealCandidate(request: DealRequest): Promise<Dealt | undefined> {
      const { text, values } = dealStatement(request);
      const rows = await db.query<{ alias: string; duration_ms: number | null }>(text, values, {
        prepare: true,
      });
      const row = rows[0];
      return row && { alias: row.alias, durationMs: row.duration_ms };
    },

    /** Blind Radar's candidates for a deal, in the draw's order (see radarCandidatesStatement). */
    async radarCandidates(request: DealRequest, candidates: number, band: number): Promise<CandidateBands[]> {
      const { text, values } = radarCandidatesStatement(request, candidates, band);
      return db.query<CandidateBands>(text, values, { prepare: true });
    },

    /**
     * Deals the radar's pick among its candidates, with how it was picked; undefined when the
     * track left the deck since the candidates were read (unfeatured a moment ago). The commit
     * does not wait for the WAL flush, as the fair deal's (decision 0201).
     */
    async dealChosen(
      userId: string,
      trackId: string,
      dealtAt: Date,
      choice: DealChoice,
    ): Promise<Dealt | undefined> {
      const rows = await db.query<{ alias: string; duration_ms: number | null }>(
        `with async_commit as (select set_config('synchronous_commit', 'off', true)),
         dealt as (
           insert into deals (user_id, track_id, dealt_at, policy, propensity, candidates)
           select $1, x.track_id, $3, $4, $5, $6 from deck_exposure x
           where x.track_id = $2 and x.in_deck and exists (select from async_commit)
           returning id, track_id, ab_test_id, ab_version)
         select dealt.id as alias, ${DEALT_DURATION} from dealt join tracks t on t.id = dealt.track_id`,
        [userId, trackId, dealtAt, choice.policy, choice.propensity, choice.candidates],
        { prepare: true },
      );
      const row = rows[0];
      return row && { alias: row.alias, durationMs: row.duration_ms };
    },

    /**
     * Deals a track from a chart (decision 0288): a deal marked `charts`, which the deck's
     * exposure does not count (the insert trigger's condition), when the track is ready, not
     * deleted and not liked by the user; undefined otherwise. Featured or not: a chart lists
     * tracks the deck no longer deals.
     */
    async dealFromChart(userId: string, trackId: string, dealtAt: Date): Promise<Dealt | undefined> {
      const rows = await db.query<{ alias: string; duration_ms: number | null }>(
        `with dealt as (
           insert into deals (user_id, track_id, dealt_at, origin)
           select $1, t.id, $3, 'charts' from tracks t
           where t.id = $2 and not t.is_deleted and t.status = 'ready'
             and not exists (
               select 1 from track_interactions i
               where i.user_id = $1 and i.track_id = t.id and i.interaction_type = 'like')
           returning id, track_id, ab_test_id, ab_version)
         select dealt.id as alias, ${DEALT_DURATION} from dealt join tracks t on t.id = dealt.track_id`,
        [userId, trackId, dealtAt],
        { prepare: true },
      );
      const row = rows[0];
      return row && { alias: row.alias, durationMs: row.duration_ms };
    },

    /**
     * Puts one of the user's fresh deals in an offline pack (decision 0305): from here on it is
     * rated only by the pack's verdicts, and its track leaves the user's live deck (`held`).
     */
    async putInPack(userId: string, alias: string, packId: string): Promise<void> {
      await db.query('update deals set pack_id = $3 where id = $2 and user_id = $1 and ended_as is null', [
        userId,
        alias,
        packId,
      ]);
    },

    /**
     * The deals of one of the user's offline packs, locked until the caller's transaction ends so
     * that two syncs of a pack take turns: each with how it ended (null while open), where, when
     * its audio was first sent and the length of the version it holds. Empty for a pack that is
     * not the user's.
     */
    async lockPack(userId: string, packId: string): Promise<PackDeal[]> {
      return db.query<PackDeal>(
        `select d.id, d.track_id, d.dealt_at, d.first_served_at, d.ended_as, d.end_position_ms,
           coalesce((${versionB('b.duration_ms')}), t.duration_ms) as duration_ms
         from deals d join tracks t on t.id = d.track_id
         where d.pack_id = $2 and d.user_id = $1
         order by d.dealt_at
         for update of d`,
        [userId, packId],
      );
    },

    /**
     * The effective tempo and key (as the deck holds them) of the track of one of this user's
     * deals, named by its alias; undefined for another listener's alias or an unknown one.
     */
    async dealtSound(
      userId: string,
      alias: string,
    ): Promise<{ bpm: number | null; key: string | null } | undefined> {
      const rows = await db.query<{ bpm: number | null; key_camelot: string | null }>(
        `select x.bpm, x.key_camelot from deals d join deck_exposure x on x.track_id = d.track_id
         where d.id = $2 and d.user_id = $1`,
        [userId, alias],
      );
      const row = rows[0];
      return row && { bpm: row.bpm, key: row.key_camelot };
    },

    /**
     * A listener's blind verdicts since they last reset their taste, as evidence per combination
     * of bands (decision 0283): read from their own ended Discover deals (a chart's play is not
     * blind to popularity, decision 0288) and the deck's sound, never a
     * track's name, and nothing kept; with the genres they picked at the door.
     */
    async tasteEvidence(userId: string): Promise<{ evidence: BandEvidence[]; doorGenres: string[] }> {
      // One statement for both (read every few deals, decision 0287): the door's row, and the
      // evidence beside it; a listener with no verdict yet gets the one row with null evidence.
      const rows = await db.query<
        { door_genres: string[] | null } & Record<TasteGroup, number | null> & {
            yes: number | null;
            no: number | null;
          }
      >(
        `select lt.door_genres, e.*
         from (select $1::uuid as user_id) u
         left join listener_taste lt on lt.user_id = u.user_id
         left join lateral (
           select ${BAND_COLUMNS}, sum(${VERDICT_YES})::real as yes, sum(${VERDICT_NO})::real as no
           from deals d join deck_exposure x on x.track_id = d.track_id join tracks t on t.id = d.track_id
           where d.user_id = u.user_id and d.ended_at is not null and d.origin = 'discover'
             and d.dealt_at > coalesce(lt.reset_at, '-infinity')
           group by ${GROUPS.map((_, i) => i + 1).join(', ')}) e on true`,
        [userId],
        { prepare: true },
      );
      return {
        evidence: rows.flatMap(({ door_genres: _, yes, no, ...bands }) =>
          yes === null || no === null ? [] : [{ ...bands, yes, no }],
        ),
        doorGenres: rows[0]?.door_genres ?? [],
      };
    },

    /**
     * Likes and rated deals per combination of bands over the deck, from the blind verdict's
     * trusted figures (the chart job's, decision 0195): the population's rates, which a seeded
     * or scripted like count cannot move.
     */
    async populationEvidence(): Promise<
      (Record<TasteGroup, number | null> & { likes: number; deals: number })[]
    > {
      return db.query(
        `select ${BAND_COLUMNS}, sum(t.verdict_share * t.verdict_listeners)::real as likes,
           sum(t.verdict_listeners)::real as deals
         from deck_exposure x join tracks t on t.id = x.track_id
         where t.verdict_listeners > 0 group by ${GROUPS.map((_, i) => i + 1).join(', ')}`,
      );
    },

    async setDoorGenres(userId: string, genres: string[], at: Date): Promise<void> {
      await db.query(
        `insert into listener_taste (user_id, door_genres, updated_at) values ($1, $2, $3)
         on conflict (user_id) do update set door_genres = excluded.door_genres, updated_at = excluded.updated_at`,
        [userId, genres, at],
      );
    },

    /** Forgets what the deck learned: verdicts before `at` no longer count, and the door's genres go. */
    async resetTaste(userId: string, at: Date): Promise<void> {
      await db.query(
        `insert into listener_taste (user_id, door_genres, reset_at, updated_at) values ($1, '{}', $2, $2)
         on conflict (user_id) do update set door_genres = '{}', reset_at = excluded.reset_at, updated_at = excluded.updated_at`,
        [userId, at],
      );
    },

    async hasAnyCandidate(): Promise<boolean> {
      const rows = await db.query('select 1 from deck_exposure where in_deck limit 1');
      return rows.length > 0;
    },

    /**
     * A track this user may stream, by the id the user holds for it: the alias of a deal of a
     * featured track (or one the user has liked since, or dealt from a chart, decision 0288), or
     * the public id of a track the user has liked (charts, library and artist pages play those). Another listener's alias, an
     * undealt track, a deal no longer open at `at` (decision 0314) and an unliked public id all
     * find nothing, alike.
     */
    async findPlayable(userId: string, givenId: string, at: Date): Promise<PlayableTrack | undefined> {
      const rows = await db.query<{
        id: string;
        deal_id: string | null;
        duration_ms: number | null;
        bucket: Bucket;
        storage_key: string;
        content_type: string;
        byte_size: string | number;
      }>(
        `(select t.id, d.id as deal_id, coalesce(v.duration_ms, t.duration_ms) as duration_ms,
            m.bucket, m.storage_key, m.content_type, m.byte_size
          from deals d join tracks t on t.id = d.track_id
          left join lateral (${versionB('b.audio_media_id, b.duration_ms')}) v on true
          join media_objects m on m.id = coalesce(v.audio_media_id, t.audio_media_id)
          where d.id = $2 and d.user_id = $1 and ${dealOpenAt('$3')} and not t.is_deleted and t.status = 'ready'
            and (t.featured_in_player or d.origin = 'charts' or exists (
              select 1 from track_interactions i
              where i.user_id = $1 and i.track_id = t.id and i.interaction_type = 'like')))
         union all
         (select t.id, null, t.duration_ms, m.bucket, m.storage_key, m.content_type, m.byte_size
          from track_interactions i join tracks t on t.id = i.track_id join media_objects m on m.id = t.audio_media_id
          where i.user_id = $1 and i.track_id = $2 and i.interaction_type = 'like'
            and not t.is_deleted and t.status = 'ready')
         limit 1`,
        [userId, givenId, at],
        { prepare: true },
      );
      const row = rows[0];
      return (
        row && {
          id: row.id,
          dealId: row.deal_id,
          durationMs: row.duration_ms,
          bucket: row.bucket,
          storageKey: row.storage_key,
          contentType: row.content_type,
          byteSize: Number(row.byte_size),
        }
      );
    },

    /**
     * Records that a stream grant was issued (`grantId`, sealed in its path): its row, which the
     * stream route marks served when it first sends the audio (see markServed), and the
     * listener's grant of the track, which a rating needs. A playback (not a preload) counts as
     * a play. The listener's grant rows that no credit can need any more go in the same
     * statement: never served and expired, or heard to their end more than an hour ago.
     */
    async recordGrant(
      userId: string,
      grantId: string,
      track: { id: string; dealId: string | null; durationMs: number | null },
      issuedAt: Date,
      expiresAt: Date,
      isPlay: boolean,
    ): Promise<void> {
      // One statement, so one commit: the grant, its row and, for a playback, the play.
      await db.query(
        `with play as (update tracks set play_count = play_count + 1 where id = $2 and $5),
         pruned as (
           delete from stream_grants
           where user_id = $1 and (served_at is null and expires_at <= $3
             or served_at + duration_ms * interval '1 millisecond' < $3 - interval '1 hour')),
         issued as (
           -- A grant names its deal whole (decision 0312): the id and the month it was dealt in.
           insert into stream_grants (id, user_id, track_id, deal_id, deal_dealt_at, issued_at, expires_at, duration_ms)
           values ($7, $1, $2, $6, (select dealt_at from deals where id = $6::uuid and user_id = $1), $3, $4, $8))
         insert into playback_grants (user_id, track_id, first_issued_at, last_issued_at, expires_at)
         values ($1, $2, $3, $3, $4)
         on conflict (user_id, track_id) do update
           set last_issued_at = excluded.last_issued_at,
               expires_at = greatest(playback_grants.expires_at, excluded.expires_at)`,
        [userId, track.id, issuedAt, expiresAt, isPlay, track.dealId, grantId, track.durationMs ?? 0],
        { prepare: true },
      );
    },

    /**
     * The stream route sent bytes of a grant's audio at `at`: the first time, the grant is
     * served, and so is its deal, if it has one whose audio was not served before. A listener
     * hears one Discover track at a time, so when a deal is first served, every other served
     * deal of theirs still open ends as 'left' at the server's bound (decision 0190): a beacon
     * they sent on leaving it had ended it already, with the position it reported. Later
     * requests of the same grant (seeking, the browser's ranges) change nothing. An offline pack's
     * audio is fetched all at once and played later (decision 0305): its deals neither end
     * others nor are ended so.
     */
    async markServed(grantId: string, at: Date): Promise<void> {
      await db.query(
        `with first_serve as (
           update stream_grants set served_at = $2 where id = $1 and served_at is null
           returning user_id, deal_id, deal_dealt_at),
         served as (
           update deals set first_served_at = $2
           where id = (select deal_id from first_serve) and dealt_at = (select deal_dealt_at from first_serve)
             and first_served_at is null
           returning id, user_id, pack_id),
         left_behind as (
           update deals d set ended_as = 'left', ended_at = $2, end_position_ms = ${endPosition('$2', 'null')}
           from tracks t
           where t.id = d.track_id and d.user_id = (select user_id from served where pack_id is null)
             and d.ended_as is null and d.first_served_at is not null and d.pack_id is null
             and d.id <> (select id from served))
         select 1`,
        [grantId, at],
        { prepare: true },
      );
    },

    /**
     * The wall-clock spans of `from..to` in which this user's served grants could be heard:
     * each from its first serve for at most its track's length, and a Discover deal's no later
     * than the deal ended (a skipped track is not heard on), merged, in order.
     */
    async heardGrants(userId: string, from: Date, to: Date): Promise<Span[]> {
      return spansOf(
        db,
        `select range_agg(tstzrange(g.served_at, greatest(g.served_at,
                  least(g.served_at + g.duration_ms * interval '1 millisecond', d.ended_at, $3)))) as heard
         from stream_grants g left join deals d on d.id = g.deal_id and d.dealt_at = g.deal_dealt_at
         where g.user_id = $1 and g.served_at < $3
           and g.served_at + g.duration_ms * interval '1 millisecond' > $2`,
        [userId, from, to],
      );
    },

    /**
     * The wall-clock spans of `from..to` this user heard in Discover deals that have ended: each
     * from its first serve to its end position (already bounded by the wall clock and the
     * track's length, decision 0190), merged, in order. A span ends by the deal's end, so deals
     * that ended before `from` are skipped by the index.
     */
    async heardDeals(userId: string, from: Date, to: Date): Promise<Span[]> {
      return spansOf(
        db,
        `select range_agg(tstzrange(d.first_served_at,
                  least(d.first_served_at + d.end_position_ms * interval '1 millisecond', $3))) as heard
         from deals d
         where d.user_id = $1 and d.ended_at > $2 and d.first_served_at < $3
           and d.first_served_at + d.end_position_ms * interval '1 millisecond' > $2`,
        [userId, from, to],
      );
    },

    /**
     * Everything the rating rules need in one round trip: which track the given id names for this
     * user at `at` (see TARGET), whether it is playable, whether it was served, and the user's like row.
     * Concurrency is left to the writes that follow (ON CONFLICT inserts and conditional
     * updates), so nothing is locked here.
     */
    async findRatingState(userId: string, givenId: string, at: Date): Promise<RatingState | undefined> {
      const rows = await db.query<{
        track_id: string;
        deal_id: string | null;
        playable: boolean;
        served: boolean;
        heard: boolean;
        liked: boolean | null;
        library: boolean | null;
      }>(
        `with ${TARGET}
         select g.track_id, g.deal_id,
                exists (select 1 from tracks t where t.id = g.track_id and not t.is_deleted and t.status = 'ready') as playable,
                exists (select 1 from playback_grants p where p.user_id = $1 and p.track_id = g.track_id) as served,
                exists (select 1 from deals d where d.id = g.deal_id and d.dealt_at = g.deal_dealt_at and d.first_served_at is not null) as heard,
                (select true from track_interactions i
                  where i.user_id = $1 and i.track_id = g.track_id and i.interaction_type = 'like') as liked,
                (select i.added_to_library from track_interactions i
                  where i.user_id = $1 and i.track_id = g.track_id and i.interaction_type = 'like') as library
         from target g`,
        [userId, givenId, at],
        { prepare: true },
      );
      const row = rows[0];
      return (
        row && {
          trackId: row.track_id,
          dealId: row.deal_id,
          playable: row.playable,
          served: row.served,
          heard: row.heard,
          like: row.liked ? { addedToLibrary: row.library ?? false } : null,
        }
      );
    },

    /**
     * A new like in one statement, only for a playable track dealt ($2 is the deal's alias) and
     * served to this user: the like row, the deal's ending, the likes count, the library count
     * when added, a dislike the user had given before removed with its count, the points
     * (`award`, loyalty's part, waiting on the insert; its track is `(select track_id from
     * liked)`; its parameters start at $6) and the reveal, which names the track by its public
     * id. The deal ends at `positionMs`, clamped (see endPosition); `heard` says whether its audio
     * was ever sent (the award's `when` may ask `(select heard from deal)`). Undefined when nothing was
     * inserted (already liked, not dealt, not served, gone): the caller says why. One round trip
     * instead of seven: the like is the hottest write of Discover. A deal of an offline pack is
     * liked only `inPack`, by the pack's verdicts (decision 0305), and any other deal only not;
     * either only while it is open at `likedAt` (decision 0314).
     */
    async insertLikeWithReveal(
      userId: string,
      alias: string,
      addedToLibrary: boolean,
      likedAt: Date,
      positionMs: number | null,
      award: AwardStatementPart,
      inPack = false,
    ): Promise<(RevealRow & { points_awarded: number; heard: boolean }) | undefined> {
      const rows = await db.query<RevealRow & { points_awarded: number; heard: boolean }>(
        `with deal as (
           select d.id, d.dealt_at, d.track_id, d.first_served_at is not null as heard
           from deals d where d.id = $2 and d.user_id = $1 and ${dealOpenAt('$4')}
             and d.pack_id is ${inPack ? 'not null' : 'null'}),
         liked as (
           insert into track_interactions (user_id, track_id, interaction_type, added_to_library)
           select $1, deal.track_id, 'like', $3 from deal
           where exists (select 1 from tracks t where t.id = deal.track_id and not t.is_deleted and t.status = 'ready')
             and exists (select 1 from playback_grants g where g.user_id = $1 and g.track_id = deal.track_id)
           on conflict (user_id, track_id, interaction_type) do nothing
           returning track_id),
         ended as (
           update deals d set ended_as = 'like', ended_at = $4,
             end_position_ms = ${endPosition('$4', '$5')},
             listened_before_like_ms = ${endPosition('$4', 'null')}
           from tracks t
           where t.id = d.track_id and d.id = $2 and d.dealt_at = (select dealt_at from deal)
             and exists (select 1 from liked)),
         undone as (
           delete from track_interactions
           where user_id = $1 and track_id = (select track_id from liked) and interaction_type = 'dislike'
           returning 1),
         counted as (
           update tracks set likes = likes + 1,
                             dislikes = dislikes - (select count(*)::int from undone),
                             added_to_library = added_to_library + (case when $3 then 1 else 0 end)
           where id = (select track_id from liked)),
         ${award.ctes}
         select ${REVEAL_COLUMNS}, $3::boolean as added_to_library,
                (select coalesce(sum(points), 0)::int from earned) as points_awarded,
                (select heard from deal) as heard
         from liked join tracks t on t.id = liked.track_id
         ${REVEAL_JOINS}`,
        [userId, alias, addedToLibrary, likedAt, positionMs, ...award.params],
        { prepare: true },
      );
      return rows[0];
    },

    /**
     * Ends a deal as a skip at the reported position (clamped, see endPosition), once: a deal
     * already rated keeps its rating. A deal that had been left is rated now: the listener came
     * back to it (a reload resumes the same deal), while the deal is open (decision 0314).
     */
    async endDealAsSkip(dealId: string, endedAt: Date, positionMs: number | null): Promise<void> {
      await db.query(
        `update deals d set ended_as = 'skip', ended_at = $2, end_position_ms = ${endPosition('$2', '$3')}
         from tracks t
         where t.id = d.track_id and d.id = $1 and ${dealOpenAt('$2')}
           and (d.ended_as is null or d.ended_as = 'left')`,
        [dealId, endedAt, positionMs],
        { prepare: true },
      );
    },

    /**
     * Ends one of the user's served, unrated deals as 'left' at the reported position (clamped,
     * see endPosition); a later report of a deal already left moves its position. False when
     * `alias` is not a deal of this user (another listener's alias is unknown here); a deal of
     * theirs that was rated or never served is left as it is. As for a like, a deal of an offline
     * pack is known only `inPack`, and either only while it is open at `endedAt` (decision 0314).
     */
    async endDealAsLeft(
      userId: string,
      alias: string,
      endedAt: Date,
      positionMs: number,
      inPack = false,
    ): Promise<boolean> {
      const rows = await db.query<{ known: boolean }>(
        `with own as (
           select d.id, d.dealt_at from deals d
           where d.id = $2 and d.user_id = $1 and ${dealOpenAt('$3')}
             and d.pack_id is ${inPack ? 'not null' : 'null'}),
         ended as (
           update deals d set ended_as = 'left', ended_at = $3, end_position_ms = ${endPosition('$3', '$4')}
           from tracks t
           where t.id = d.track_id and d.id = (select id from own) and d.dealt_at = (select dealt_at from own)
             and d.first_served_at is not null
             and (d.ended_as is null or d.ended_as = 'left'))
         select exists (select 1 from own) as known`,
        [userId, alias, endedAt, positionMs],
        { prepare: true },
      );
      return rows[0]?.known ?? false;
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
