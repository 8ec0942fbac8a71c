-- Old months of `deals` rolled up, then dropped (decision 0317). What the reads need of a dropped
-- month stays in three narrow tables, kept for as long as the account and the track are:
--
-- `listener_tracks`: one row per listener and track they were ever dealt in a rolled-up month.
-- What the deck, the verdict, the follow digest and hook analytics ask of a listener's history.
create table listener_tracks (
  user_id uuid not null references accounts (id) on delete cascade,
  track_id uuid not null references tracks (id) on delete cascade,
  -- The first deal of the track to this listener in a rolled-up month.
  first_dealt_at timestamptz not null,
  -- A deal not drawn by Discover (a chart's play, a follow, a share): the verdict leaves the
  -- listener out (decision 0288).
  not_drawn boolean not null default false,
  -- Not drawn, or dealt in an offline pack: the deck never deals the track to them again.
  held boolean not null default false,
  -- Hook analytics (decision 0200): the listener's first hearing of the track, over every month
  -- when it was rolled up, when a rolled-up deal of theirs is in the published figures; and
  -- whether those deals had a position (the curve) and a timed like (the histogram).
  heard_first_at timestamptz,
  heard_first_id uuid,
  positioned boolean not null default false,
  timed boolean not null default false,
  -- A trusted like or skip of the track in a rolled-up month: the genre's median counts tracks by
  -- their distinct listeners.
  rated boolean not null default false,
  -- A follower dealt the track in its first day (decision 0306).
  follow_first_day boolean not null default false,
  primary key (user_id, track_id),
  constraint listener_tracks_heard_check check ((heard_first_at is null) = (heard_first_id is null))
);
create index listener_tracks_track_idx on listener_tracks (track_id);

-- `track_hearing_rollups`: a track's rolled-up hearings, counted by how they ended, the curve's
-- step (HOOKS.curveSteps over the track's length) and the whole second of a like. Every one of
-- them is inside the figures the artist sees, so counts are all hook analytics needs of them.
create table track_hearing_rollups (
  track_id uuid not null references tracks (id) on delete cascade,
  ended_as text not null,
  step integer,
  like_second integer,
  deals integer not null,
  constraint track_hearing_rollups_ended_as_check check (ended_as in ('like', 'skip', 'left')),
  constraint track_hearing_rollups_key unique nulls not distinct (track_id, ended_as, step, like_second)
);

-- `track_rollups`: a track's rolled-up trusted likes and skips, for the genre's median like rate.
create table track_rollups (
  track_id uuid primary key references tracks (id) on delete cascade,
  likes integer not null default 0,
  rated integer not null default 0
);

-- The months rolled up: when, and how many of their deals went and stayed.
create table deal_months_rolled (
  month date primary key,
  rolled_at timestamptz not null,
  dropped integer not null,
  kept integer not null
);

-- The months starting at `months` keep only the deals `kept`, in one partition with the months
-- rolled up before, `deals_rolled`: so `deals` has the retention's partitions and one more
-- however long Klang runs, and a read by track or listener probes that many. The rolled-up months
-- must follow on from the ones before, as the months job makes them; the partition spans from the
-- first month ever rolled up to the end of the last. Detaching locks `deals` for a moment: after
-- 2 s of waiting for a busy deck this gives up, and the roll-up's transaction with it. Nothing may
-- point into these months (a note, a grant): the roll-up sets those aside first.
create function deals_roll_into_archive(months date[], kept uuid[]) returns void language plpgsql as $$
declare
  month date;
  part text;
  archived boolean := to_regclass('deals_rolled') is not null;
  first_month date := least(
    (select min(r.month) from deal_months_rolled r),
    (select min(m) from unnest(months) m));
  archive_start timestamptz := first_month::timestamp at time zone 'UTC';
  archive_end timestamptz := ((select max(m) from unnest(months) m) + interval '1 month')::timestamp at time zone 'UTC';
begin
  if exists (select 1 from deals_default where dealt_at >= archive_start and dealt_at < archive_end) then
    raise exception 'deals_default holds deals between % and %: give their months partitions first', archive_start, archive_end;
  end if;
  create table deals_rolled_next (like deals including defaults including constraints);
  perform set_config('lock_timeout', '2s', true);
  if archived then
    insert into deals_rolled_next select * from deals_rolled;
    alter table deals detach partition deals_rolled;
    drop table deals_rolled;
  end if;
  foreach month in array months loop
    part := 'deals_' || to_char(month, '"y"YYYY"m"MM');
    execute format('insert into deals_rolled_next select * from %I where id = any($1)', part) using kept;
    execute format('alter table deals detach partition %I', part);
    execute format('drop table %I', part);
  end loop;
  alter table deals_rolled_next rename to deals_rolled;
  execute format('alter table deals_rolled add constraint deals_rolled_range check (dealt_at >= %L and dealt_at < %L)',
    archive_start, archive_end);
  execute format('alter table deals attach partition deals_rolled for values from (%L) to (%L)',
    archive_start, archive_end);
  alter table deals_rolled drop constraint deals_rolled_range;
end;
$$;
