-- Blind A/B tests (issue 31 item 1, decision 0304): an artist's featured track (version A) dealt
-- with another of their uploads (version B) to comparable blind listeners. The test adds no deck
-- entry: its deals are the track's own, and each carries the version its listener hears.
create table ab_tests (
  id uuid primary key default gen_random_uuid(),
  artist_id uuid not null references artist_profiles (id) on delete cascade,
  track_id uuid not null references tracks (id) on delete cascade,
  version_b_track_id uuid not null references tracks (id) on delete cascade,
  -- The versions' lengths when the test started: a winner swaps the tracks' audio, and the
  -- test's figures keep meaning the positions its listeners heard.
  duration_a_ms integer,
  duration_b_ms integer,
  cap integer not null,
  status text not null default 'running',
  started_at timestamptz not null default now(),
  ended_at timestamptz,
  constraint ab_tests_versions_check check (track_id <> version_b_track_id),
  constraint ab_tests_cap_check check (cap between 50 and 20000),
  constraint ab_tests_status_check check (status in ('running', 'a-won', 'b-won', 'no-clear-winner', 'stopped')),
  constraint ab_tests_ended_check check ((status = 'running') = (ended_at is null))
);
-- One running test per track, and an upload is version B of one running test at most. The first
-- is also the index the deal's trigger probes.
create unique index ab_tests_running_track on ab_tests (track_id) where status = 'running';
create unique index ab_tests_running_version on ab_tests (version_b_track_id) where status = 'running';
create index ab_tests_track_idx on ab_tests (track_id, started_at desc);

-- A deal of a track under test carries the test and the version its listener hears, set when the
-- deal is written whatever statement writes it (the fair deal, the radar's, a chart's play).
alter table deals
  add column ab_test_id uuid references ab_tests (id) on delete cascade,
  add column ab_version text,
  add constraint deals_ab_version_check check (ab_version in ('a', 'b')),
  add constraint deals_ab_pair_check check ((ab_test_id is null) = (ab_version is null));
create index deals_ab_test_idx on deals (ab_test_id, ab_version) where ab_test_id is not null;

-- The version is a hash of the test and the listener: the same listener gets the same version on
-- every deal of the test (they never hear both), and the two groups are a random split of the
-- listeners the deck deals the track to, whoever and whenever they are.
create function deals_ab_version() returns trigger language plpgsql as $$
declare
  test uuid;
begin
  select id into test from ab_tests where track_id = new.track_id and status = 'running';
  if found then
    new.ab_test_id := test;
    new.ab_version := case when hashtextextended(test::text || new.user_id::text, 0) & 1 = 0 then 'a' else 'b' end;
  end if;
  return new;
end;
$$;

create trigger deals_ab_version before insert on deals
for each row execute function deals_ab_version();

-- A deleted version ends its running test: a deletion's path need not know about tests.
create function tracks_end_ab_tests() returns trigger language plpgsql as $$
begin
  update ab_tests set status = 'stopped', ended_at = now()
  where status = 'running' and (track_id = new.id or version_b_track_id = new.id);
  return null;
end;
$$;

create trigger tracks_end_ab_tests
after update of is_deleted on tracks
for each row when (new.is_deleted and not old.is_deleted)
execute function tracks_end_ab_tests();
