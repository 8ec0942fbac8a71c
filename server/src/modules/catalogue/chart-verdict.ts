import { DEMO_ACCOUNT, VERDICT } from '@klang/domain';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { enqueueJob, type JobHandler } from '../../jobs/runner';

export const CHART_VERDICT_JOB = 'chart-verdict';

/** How often the verdict is computed again: the scheduler asks every 10 minutes, one job runs per slot. */
export const CHART_VERDICT_SLOT_MS = 10 * 60_000;

/**
 * Every rated deal of the window ($1 the moment judged, $2 the window in days) with its trust
 * weight (decision 0196):
 * - `account_excluded`: the account was temporary, the shared demo ($3) or younger than a day ($4 ms)
 *   when it rated: weight 0, like and skip alike;
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
           (a.is_temporary or a.email = $3 or d.ended_at < a.created_at + $4::bigint * interval '1 millisecond') as account_excluded,
           least(1.0, greatest(0, coalesce(d.listened_before_like_ms, 0))::float8 / $7::float8) as quick_w
    from deals d join accounts a on a.id = d.user_id
    where d.ended_as in ('like', 'skip')
      and d.ended_at > $1::timestamptz - $2::int * interval '1 day' and d.ended_at <= $1::timestamptz),
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
export async function refreshVerdicts(db: Queryable, at: Date, windowDays: number): Promise<VerdictRun> {
  const rows = await db.query<{ changed: number }>(
    `with ${WEIGHTED_RATINGS},
     per_track as (
       select track_id, sum(w) filter (where liked) as likes_w, sum(w) as rated_w
       from trusted group by track_id),
     scores as (
       select track_id, ${WILSON} as score
       from (select track_id, rated_w, coalesce(likes_w, 0) / nullif(rated_w, 0) as p from per_track) s),
     -- Every track against its new score (0 when its deals all aged out), kept only where it
     -- changed. A left join from all tracks, not an anti-join against the scores: the planner
     -- estimates "tracks with a verdict" from statistics that the last run made stale, and a
     -- nested anti-join on that estimate is quadratic (measured: 23 s on dataset S).
     changes as (
       select t.id, coalesce(s.score, 0.0) as score
       from tracks t left join scores s on s.track_id = t.id
       where t.verdict_score <> coalesce(s.score, 0.0)),
     judged as (
       update tracks t set verdict_score = c.score from changes c where t.id = c.id
       returning 1),
     figures as (
       insert into chart_method_figures (
         id, computed_at, window_days, deals, rated, likes, likes_discounted, discounted_too_quick,
         discounted_new_account, discounted_like_everything, accounts_excluded, listeners)
       select true, $1::timestamptz, $2::int,
              (select count(*)::int from deals d
               where d.first_served_at > $1::timestamptz - $2::int * interval '1 day'
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
      VERDICT.accountMinAgeMs,
      VERDICT.likeEverythingMinRated,
      VERDICT.likeEverythingShare,
      VERDICT.fullLikeAfterMs,
      VERDICT.z,
    ],
  );
  return { changed: rows[0]?.changed ?? 0 };
}

const verdictPayload = z.object({ slot: z.iso.datetime() });

/**
 * Judges as of when the job runs (not its slot: a job that waited in the queue still ranks by the
 * latest deals), then forgets its own finished runs older than a day, so a job every 10 minutes
 * does not grow the queue table for ever.
 */
export function createChartVerdictHandler(options: { windowDays: number; clock?: () => Date }): JobHandler {
  const clock = options.clock ?? (() => new Date());
  return async (job, { db }) => {
    verdictPayload.parse(job.payload);
    await refreshVerdicts(db, clock(), options.windowDays);
    await db.query(
      `delete from jobs where kind = $1 and status = 'succeeded' and finished_at < now() - interval '1 day'`,
      [CHART_VERDICT_JOB],
    );
  };
}

/** Queues the verdict of the current 10-minute slot; the slot is the dedupe key, so one job runs per slot. */
export async function requestChartVerdict(db: Queryable, at: Date): Promise<void> {
  const slot = new Date(
    Math.floor(at.getTime() / CHART_VERDICT_SLOT_MS) * CHART_VERDICT_SLOT_MS,
  ).toISOString();
  await enqueueJob(db, CHART_VERDICT_JOB, { slot }, { dedupeKey: `${CHART_VERDICT_JOB}:${slot}` });
}
