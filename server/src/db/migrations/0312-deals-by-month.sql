-- Deals by month (issue 33 item 7, decision 0312). `deals` grows by a row per swipe for ever, and
-- the deck, the like, the verdict and the hook analytics all read it. It is now partitioned by
-- range of `dealt_at`, one partition a month (`deals_yYYYYmMM`), so this month's rows and indexes
-- stay small and hot, and a month can one day be rolled up and dropped whole instead of deleted
-- row by row. The columns, checks, indexes and triggers are the table's as it was; what changes:
-- - The primary key is (id, dealt_at): a partitioned table's unique keys hold its partition key.
--   The id alone, the alias a listener sees, is still unique in practice (a random UUID) but no
--   longer by a constraint; a lookup by id alone probes each partition's key index.
-- - The two tables that point at a deal (a stream grant, a Blind Note) carry the deal's
--   `dealt_at` beside its id, and their keys point at (id, dealt_at): the same cascade as before.
-- - `deals_default` takes a row whose month has no partition (the seed's or an import's old
--   dates): nothing is refused. `deals_prepare_months` makes the months the deck is about to
--   deal in, ahead of time, and skips a month the default partition already holds rows of.

-- The old table goes once its rows are copied; its keys, indexes and triggers go first, so the
-- new ones can take their names, and the copy counts nothing twice.
alter table stream_grants drop constraint stream_grants_deal_id_fkey;
alter table deal_notes drop constraint deal_notes_deal_id_fkey;
drop trigger deals_ab_version on deals;
drop trigger deals_count_exposure on deals;
alter table deals rename to deals_unpartitioned;
alter table deals_unpartitioned drop constraint deals_pkey, drop constraint deals_user_id_fkey,
  drop constraint deals_track_id_fkey, drop constraint deals_ab_test_id_fkey;
drop index deals_ab_test_idx, deals_ended_idx, deals_follow_idx, deals_not_drawn_idx, deals_off_deck_idx,
  deals_open_idx, deals_pack_idx, deals_rated_idx, deals_track_idx, deals_user_track_idx;

create table deals (
  id uuid not null default gen_random_uuid(),
  user_id uuid not null references accounts (id) on delete cascade,
  track_id uuid not null references tracks (id) on delete cascade,
  dealt_at timestamptz not null default now(),
  first_served_at timestamptz,
  ended_as text,
  ended_at timestamptz,
  end_position_ms integer,
  listened_before_like_ms integer,
  policy text,
  propensity real,
  candidates smallint,
  origin text not null default 'discover',
  ab_test_id uuid references ab_tests (id) on delete cascade,
  ab_version text,
  pack_id uuid,
  constraint deals_pkey primary key (id, dealt_at),
  constraint deals_ab_pair_check check ((ab_test_id is null) = (ab_version is null)),
  constraint deals_ab_version_check check (ab_version in ('a', 'b')),
  constraint deals_ended_as_check check (ended_as in ('like', 'skip', 'left')),
  constraint deals_ended_check check ((ended_as is null) = (ended_at is null)),
  constraint deals_origin_check check (origin in ('discover', 'charts', 'follow', 'share')),
  constraint deals_policy_check check (policy in ('fair', 'radar', 'explore')),
  constraint deals_position_check check (end_position_ms >= 0 and listened_before_like_ms >= 0),
  constraint deals_propensity_check check (propensity > 0 and propensity <= 1)
) partition by range (dealt_at);

create table deals_default partition of deals default;

-- The partition of the month that starts at `month` (a first of the month, UTC), unless it
-- exists or the default partition holds rows of that month (attaching it would have to move them;
-- they stay where they are, and are still found, counted and cascaded as any deal). A new
-- partition is made on its own and attached, which locks `deals` less than making it in place;
-- the function's `lock_timeout` keeps a busy moment from queuing the deck behind the attach: the
-- next run tries again. Answers whether a partition was made.
create function deals_prepare_month(month date) returns boolean language plpgsql
set lock_timeout = '2s' as $$
declare
  month_start timestamptz := date_trunc('month', month::timestamp) at time zone 'UTC';
  month_end timestamptz := (date_trunc('month', month::timestamp) + interval '1 month') at time zone 'UTC';
  part text := 'deals_' || to_char(month, '"y"YYYY"m"MM');
begin
  if to_regclass(part) is not null then
    return false;
  end if;
  if exists (select 1 from deals_default where dealt_at >= month_start and dealt_at < month_end) then
    return false;
  end if;
  execute format('create table %I (like deals including defaults including constraints)', part);
  execute format('alter table deals attach partition %I for values from (%L) to (%L)', part, month_start, month_end);
  return true;
end;
$$;

-- Every month from the one holding `from` to the one holding `until`: how many were made.
create function deals_prepare_months(from_at timestamptz, until_at timestamptz) returns integer language plpgsql as $$
declare
  month date := date_trunc('month', from_at at time zone 'UTC')::date;
  made integer := 0;
begin
  while month <= (until_at at time zone 'UTC')::date loop
    if deals_prepare_month(month) then
      made := made + 1;
    end if;
    month := (month + interval '1 month')::date;
  end loop;
  return made;
end;
$$;

-- The months the rows already span, and the deck's next two.
select deals_prepare_months(coalesce((select min(dealt_at) from deals_unpartitioned), now()), now() + interval '2 months');

insert into deals (id, user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms,
  listened_before_like_ms, policy, propensity, candidates, origin, ab_test_id, ab_version, pack_id)
select id, user_id, track_id, dealt_at, first_served_at, ended_as, ended_at, end_position_ms,
  listened_before_like_ms, policy, propensity, candidates, origin, ab_test_id, ab_version, pack_id
from deals_unpartitioned;

-- A grant or a note names its deal by (id, dealt_at). The check keeps a grant's pair whole: a
-- foreign key over two columns checks nothing when one of them is null. Nothing moves a deal to
-- another month, but if something did (a test dating a pack back), its grants and notes follow.
alter table stream_grants add column deal_dealt_at timestamptz;
update stream_grants g set deal_dealt_at = d.dealt_at from deals_unpartitioned d where d.id = g.deal_id;
alter table stream_grants
  add constraint stream_grants_deal_pair_check check ((deal_id is null) = (deal_dealt_at is null)),
  add constraint stream_grants_deal_fkey foreign key (deal_id, deal_dealt_at)
    references deals (id, dealt_at) on delete cascade on update cascade;
alter table deal_notes add column deal_dealt_at timestamptz;
update deal_notes n set deal_dealt_at = d.dealt_at from deals_unpartitioned d where d.id = n.deal_id;
alter table deal_notes alter column deal_dealt_at set not null;
alter table deal_notes
  add constraint deal_notes_deal_fkey foreign key (deal_id, deal_dealt_at)
    references deals (id, dealt_at) on delete cascade on update cascade;

drop table deals_unpartitioned;

-- The indexes as they were (0130 to 0306 say what each serves), now one per partition.
create index deals_user_track_idx on deals (user_id, track_id);
create index deals_track_idx on deals (track_id);
create index deals_open_idx on deals (user_id) where ended_as is null and first_served_at is not null;
create index deals_rated_idx on deals (ended_at) where ended_as in ('like', 'skip');
create index deals_ended_idx on deals (user_id, ended_at) where ended_at is not null;
create index deals_not_drawn_idx on deals (user_id, track_id) where origin <> 'discover';
create index deals_off_deck_idx on deals (user_id, track_id) where origin <> 'discover' or pack_id is not null;
create index deals_pack_idx on deals (pack_id) where pack_id is not null;
create index deals_follow_idx on deals (track_id, first_served_at) where origin = 'follow';
create index deals_ab_test_idx on deals (ab_test_id, ab_version) where ab_test_id is not null;

create trigger deals_ab_version before insert on deals
for each row execute function deals_ab_version();
create trigger deals_count_exposure after insert on deals
for each row when (new.origin = 'discover') execute function deals_count_exposure();
