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

-- The month starting at `month` keeps only the deals `kept`: a table of them takes the month's
-- partition's place, under its name, so the months job and `/api/health` still see the month
-- made. Detaching locks `deals` for a moment; after 2 s of waiting for a busy deck it gives up,
-- and the roll-up's transaction with it. Nothing may point into the month (a note, a grant): the
-- roll-up sets those aside first.
create function deals_keep_only(month date, kept uuid[]) returns void language plpgsql as $$
declare
  month_start timestamptz := date_trunc('month', month::timestamp) at time zone 'UTC';
  month_end timestamptz := (date_trunc('month', month::timestamp) + interval '1 month') at time zone 'UTC';
  part text := 'deals_' || to_char(month, '"y"YYYY"m"MM');
  swap text := part || '_kept';
begin
  execute format('create table %I (like deals including defaults including constraints)', swap);
  execute format('insert into %I select * from %I where id = any($1)', swap, part) using kept;
  perform set_config('lock_timeout', '2s', true);
  execute format('alter table deals detach partition %I', part);
  execute format('drop table %I', part);
  execute format('alter table %I rename to %I', swap, part);
  execute format('alter table deals attach partition %I for values from (%L) to (%L)', part, month_start, month_end);
end;
$$;
