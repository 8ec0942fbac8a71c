import type { Db } from '../../db/client';

/** What a roll-up must know of hook analytics to keep them as they are (decision 0200). */
export interface HookRules {
  /** Hook analytics publish in steps of this many trusted listeners (HOOKS.minListeners). */
  floor: number;
  /** The skip curve's steps over a track's length (HOOKS.curveSteps). */
  steps: number;
  /** The shared demo account, never a verdict (DEMO_ACCOUNT.email). */
  demoEmail: string;
  /** How old an account must be at a deal's end for its verdict to count (decision 0196). */
  accountMinAgeMs: number;
}

/** A month of `deals` rolled up: how many of its deals went, and how many stayed. */
export interface RolledMonth {
  month: string;
  dropped: number;
  kept: number;
}

/**
 * Whether the verdict trusts the account of deal `d` at the deal's end (`hooks.repository.ts`,
 * decisions 0196, 0255, 0257): not temporary, not the demo ($1), confirmed, and old enough ($2,
 * in milliseconds).
 */
const TRUSTED = `coalesce((select not a.is_temporary and a.email <> $1 and a.email_verified_at is not null
    and d.ended_at >= a.created_at + $2::bigint * interval '1 millisecond'
  from accounts a where a.id = d.user_id), false)`;

/** A deal of `d` that hook analytics count: heard blind in Discover, ended, not its artist's own. */
const HEARING = `d.origin = 'discover' and d.first_served_at is not null and d.ended_at is not null
  and d.user_id <> t.artist_id and ${TRUSTED}`;

/** A deal of `d` that the genre's median counts: a trusted like or skip of a blind Discover deal. */
const RATED = `d.origin = 'discover' and d.first_served_at is not null and d.ended_as in ('like', 'skip')
  and ${TRUSTED}`;

/**
 * Rolls old months of `deals` up and drops them (decision 0317). The months due go together, in
 * one transaction:
 * 1. Their deals are read with what hook analytics, the genre's median, the deck and the follow
 *    digest need of them.
 * 2. For each track they hold hearings of, the published figures' cutoff is found as hook
 *    analytics find it, over every month and the firsts already rolled up.
 * 3. What the reads need is kept in `listener_tracks`, `track_hearing_rollups` and
 *    `track_rollups`.
 * 4. The months' partitions go, and the deals that stay join the months rolled up before in one
 *    partition, `deals_rolled` (`deals_roll_into_archive`, migration 0317): hearings past their
 *    track's cutoff (not yet published, so not yet countable), deals with a Blind Note, and deals
 *    of an A/B test, all of which hook analytics read deal by deal.
 */
export function createDealRollUpRepository(db: Db) {
  return {
    /** The first days of the months with a partition that ends by `before`, not rolled up yet. */
    async monthsToRollUp(before: Date): Promise<Date[]> {
      const rows = await db.query<{ month: string }>(
        `select to_char(to_date(substring(c.relname from 8), 'YYYY"m"MM'), 'YYYY-MM-DD') as month
         from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'deals'::regclass and c.relname ~ '^deals_y[0-9]{4}m[0-9]{2}$'
           and to_date(substring(c.relname from 8), 'YYYY"m"MM') + interval '1 month' <= $1::timestamptz at time zone 'UTC'
           and not exists (select 1 from deal_months_rolled r
             where r.month = to_date(substring(c.relname from 8), 'YYYY"m"MM'))
         order by 1`,
        [before],
      );
      return rows.map((row) => new Date(`${row.month}T00:00:00Z`));
    },

    /**
     * Rolls the months starting at `months` up, together, and drops what they no longer need.
     * Together, because finding the cutoffs reads every hearing of the tracks heard in them: once
     * for all the months due rather than once a month.
     */
    async rollUpMonths(months: Date[], rules: HookRules): Promise<RolledMonth[]> {
      if (months.length === 0) return [];
      const day = (at: Date) => at.toISOString().slice(0, 10);
      const monthDays = months.map(day);
      return db.transaction(async (tx) => {
        // 1. The months' deals, and what each is to the reads.
        await tx.query(
          `create temp table roll_read on commit drop as
           select d.id, d.user_id, d.track_id, d.dealt_at, d.first_served_at, d.ended_as, d.ended_at,
             d.end_position_ms, d.listened_before_like_ms, d.origin, d.pack_id, d.ab_test_id,
             t.duration_ms, ${HEARING} as hearing, ${RATED} as rated,
             exists (select 1 from deal_notes n where n.deal_id = d.id and n.deal_dealt_at = d.dealt_at) as noted,
             (d.origin = 'follow' and d.first_served_at < r.entered_at + interval '1 day') as follow_first_day
           from deals d join tracks t on t.id = d.track_id
           left join follow_releases r on r.track_id = d.track_id
           where d.dealt_at >= $3::date::timestamp at time zone 'UTC'
             and d.dealt_at < ($4::date + interval '1 month')::timestamp at time zone 'UTC'`,
          [rules.demoEmail, rules.accountMinAgeMs, monthDays[0], monthDays.at(-1)],
        );
        // A temporary table has no statistics until it is analysed, and the joins below need them.
        await tx.query('analyze roll_read');

        // 2. Each listener's first hearing of each track heard this month, over every month (or
        //    as rolled up before), and each track's cutoff: the first hearing that brought its
        //    listeners to the largest multiple of the floor.
        await tx.query(
          `create temp table roll_firsts on commit drop as
           with heard_tracks as (select distinct track_id from roll_read where hearing),
           live as (
             select distinct on (d.track_id, d.user_id) d.track_id, d.user_id, d.ended_at, d.id
             from deals d join heard_tracks h on h.track_id = d.track_id join tracks t on t.id = d.track_id
             where ${HEARING}
               and not exists (select 1 from listener_tracks l
                 where l.user_id = d.user_id and l.track_id = d.track_id and l.heard_first_at is not null)
             order by d.track_id, d.user_id, d.ended_at, d.id
           ),
           firsts as (
             select track_id, user_id, ended_at, id from live
             union all
             select l.track_id, l.user_id, l.heard_first_at, l.heard_first_id
             from listener_tracks l join heard_tracks h on h.track_id = l.track_id
             where l.heard_first_at is not null
           )
           select f.*, row_number() over (partition by track_id order by ended_at, id) as rank,
             count(*) over (partition by track_id) as total
           from firsts f`,
          [rules.demoEmail, rules.accountMinAgeMs],
        );
        await tx.query('analyze roll_firsts');
        // 3. A hearing up to its track's cutoff is published for good, so it is counted; past
        //    it, or with a note, or in an A/B test, a deal stays a deal.
        //    Made as new tables: an update rewrites every row of a temporary table through its
        //    few megabytes of buffers, which took minutes at 20 million deals.
        await tx.query(
          `create temp table roll_cutoffs on commit drop as
           select track_id, ended_at, id from roll_firsts where rank = total - total % $1`,
          [rules.floor],
        );
        await tx.query('analyze roll_cutoffs');
        await tx.query(
          `create temp table roll_month on commit drop as
           select m.*, r.rolled, (m.hearing and not r.rolled) or m.noted or m.ab_test_id is not null as kept
           from roll_read m
           left join roll_cutoffs c on c.track_id = m.track_id
           cross join lateral (select coalesce(m.hearing and not m.noted and m.ab_test_id is null
             and (m.ended_at, m.id) <= (c.ended_at, c.id), false) as rolled) r`,
        );
        await tx.query('drop table roll_read');
        await tx.query('analyze roll_month');

        // 4. What the reads keep of the month.
        await tx.query(
          `insert into listener_tracks as l (user_id, track_id, first_dealt_at, not_drawn, held,
             heard_first_at, heard_first_id, positioned, timed, rated, follow_first_day)
           select m.user_id, m.track_id, min(m.dealt_at), bool_or(m.origin <> 'discover'),
             bool_or(m.origin <> 'discover' or m.pack_id is not null),
             case when bool_or(m.rolled) then f.ended_at end, case when bool_or(m.rolled) then f.id end,
             bool_or(m.rolled and m.end_position_ms is not null),
             bool_or(m.rolled and m.ended_as = 'like' and m.listened_before_like_ms is not null),
             bool_or(m.rated), coalesce(bool_or(m.follow_first_day), false)
           from roll_month m
           left join roll_firsts f on f.track_id = m.track_id and f.user_id = m.user_id
           group by m.user_id, m.track_id, f.ended_at, f.id
           on conflict (user_id, track_id) do update set
             first_dealt_at = least(l.first_dealt_at, excluded.first_dealt_at),
             not_drawn = l.not_drawn or excluded.not_drawn,
             held = l.held or excluded.held,
             heard_first_at = coalesce(l.heard_first_at, excluded.heard_first_at),
             heard_first_id = coalesce(l.heard_first_id, excluded.heard_first_id),
             positioned = l.positioned or excluded.positioned,
             timed = l.timed or excluded.timed,
             rated = l.rated or excluded.rated,
             follow_first_day = l.follow_first_day or excluded.follow_first_day`,
        );
        await tx.query(
          `insert into track_hearing_rollups as r (track_id, ended_as, step, like_second, deals)
           select track_id, ended_as,
             case when end_position_ms is null or coalesce(duration_ms, 0) <= 0 then null
                  else least($1::int, end_position_ms::bigint * $1::int / duration_ms)::int end,
             case when ended_as = 'like' then (listened_before_like_ms / 1000)::int end,
             count(*)::int
           from roll_month where rolled group by 1, 2, 3, 4
           on conflict on constraint track_hearing_rollups_key do update set deals = r.deals + excluded.deals`,
          [rules.steps],
        );
        await tx.query(
          `insert into track_rollups as r (track_id, likes, rated)
           select track_id, (count(*) filter (where ended_as = 'like'))::int, count(*)::int
           from roll_month where rated and not kept group by 1
           on conflict (track_id) do update set likes = r.likes + excluded.likes, rated = r.rated + excluded.rated`,
        );

        // 5. The swap. A partition cannot leave `deals` while a note or a grant points into it:
        //    neither the months' nor the rolled-up partition they join, whose deals are all kept.
        //    So their notes (all on kept deals) are set aside and put back, and their grants let
        //    go of their deals; a kept deal's grants take it back.
        await tx.query(
          `create temp table roll_pointed on commit drop as
           select id, dealt_at, kept from roll_month
           union all
           select d.id, d.dealt_at, true from deals d
           where d.dealt_at >= (select min(r.month) from deal_months_rolled r)::timestamp at time zone 'UTC'
             and d.dealt_at < $1::date::timestamp at time zone 'UTC'`,
          [monthDays[0]],
        );
        await tx.query(
          `create temp table roll_notes on commit drop as
           select n.* from deal_notes n join roll_pointed m on n.deal_id = m.id and n.deal_dealt_at = m.dealt_at`,
        );
        await tx.query(
          `create temp table roll_grants on commit drop as
           select g.id, g.deal_id, g.deal_dealt_at, m.kept
           from stream_grants g join roll_pointed m on g.deal_id = m.id and g.deal_dealt_at = m.dealt_at`,
        );
        await tx.query(`delete from deal_notes n using roll_notes r where n.id = r.id`);
        await tx.query(
          `update stream_grants g set deal_id = null, deal_dealt_at = null from roll_grants r where g.id = r.id`,
        );
        await tx.query(
          `select deals_roll_into_archive($1::date[], coalesce((select array_agg(id) from roll_month where kept), '{}'))`,
          [monthDays],
        );
        await tx.query(`insert into deal_notes select * from roll_notes`);
        await tx.query(
          `update stream_grants g set deal_id = r.deal_id, deal_dealt_at = r.deal_dealt_at
           from roll_grants r where g.id = r.id and r.kept`,
        );
        return tx.query<RolledMonth>(
          `insert into deal_months_rolled (month, rolled_at, dropped, kept)
           select m.month, now(), count(r.id) filter (where not r.kept), count(r.id) filter (where r.kept)
           from unnest($1::date[]) m (month)
           left join roll_month r on date_trunc('month', r.dealt_at at time zone 'UTC')::date = m.month
           group by m.month
           returning to_char(month, 'YYYY-MM') as month, dropped, kept`,
          [monthDays],
        );
      });
    },
  };
}

export type DealRollUpRepository = ReturnType<typeof createDealRollUpRepository>;
