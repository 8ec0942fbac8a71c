-- Deals (issue 18, decision 0130): one row per track the deck hands a listener. Its id is the
-- alias the listener sees for the track until the like, so no two listeners ever hold the same
-- id for one track, and a like, dislike, grant or listening credit is accepted only for a track
-- the deck dealt. The row is also the listening event of issue 19: when it was dealt, when its
-- audio was first served, how it ended, where, and how long was heard before a like.
create table deals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references accounts (id) on delete cascade,
  track_id uuid not null references tracks (id) on delete cascade,
  dealt_at timestamptz not null default now(),
  first_served_at timestamptz,
  ended_as text,
  ended_at timestamptz,
  -- Client-reported, clamped to the wall clock since first_served_at and to the track's length.
  end_position_ms integer,
  listened_before_like_ms integer,
  constraint deals_ended_as_check check (ended_as in ('like', 'skip', 'left')),
  constraint deals_ended_check check ((ended_as is null) = (ended_at is null)),
  constraint deals_position_check check (end_position_ms >= 0 and listened_before_like_ms >= 0)
);
-- The alias is resolved by (id, user_id): the primary key finds it, the user check refuses
-- another listener's alias like an unknown id. The track index serves the account and track
-- deletions; (user_id, track_id) the question "was this track dealt to this listener".
create index deals_user_track_idx on deals (user_id, track_id);
create index deals_track_idx on deals (track_id);
