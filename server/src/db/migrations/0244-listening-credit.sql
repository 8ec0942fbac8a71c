-- Listening credited only for listening the server saw (issue 27, decision 0244).

-- One row per stream grant issued (secure-track-access), whatever its purpose: its id is sealed
-- in the grant's path, and the stream route stamps `served_at` when it first sends bytes of the
-- track's audio through it. A served grant is a span of possible listening, from `served_at`
-- for at most the track's length (`duration_ms`, as granted); a grant never fetched is none.
-- Rows no span of the last hour can need are pruned by the next grant of the same listener.
create table stream_grants (
  id uuid primary key,
  user_id uuid not null references accounts (id) on delete cascade,
  track_id uuid not null references tracks (id) on delete cascade,
  deal_id uuid references deals (id) on delete cascade,
  issued_at timestamptz not null,
  expires_at timestamptz not null,
  served_at timestamptz,
  duration_ms integer not null,
  constraint stream_grants_duration_check check (duration_ms >= 0)
);
create index stream_grants_user_idx on stream_grants (user_id, issued_at);
create index stream_grants_track_idx on stream_grants (track_id);
create index stream_grants_deal_idx on stream_grants (deal_id) where deal_id is not null;

-- A listener's ended deals by when they ended: the listening a deal's end credits is read from
-- the deals that ended in the last hour (a deal's span ends by its end). Partial, so the deck's
-- insert of a deal, the hot path, writes no entry to it.
create index deals_ended_idx on deals (user_id, ended_at) where ended_at is not null;

-- The listening already credited, as the wall-clock spans it covered (only the last hour is
-- kept): no second of it is credited again, by secure-listening-xp or by a deal's end. It
-- replaces the single credit clock, which could not tell two grants at once from one.
-- Listening is counted in seconds (a deal's end credits whole seconds); `listening_time` stays
-- the spec's whole minutes, derived from them.
alter table user_xp
  add column listening_credited tstzmultirange not null default '{}',
  add column listening_seconds integer not null default 0,
  drop column last_listening_credit_at;
update user_xp set listening_seconds = listening_time * 60;
alter table user_xp add constraint user_xp_listening_seconds_check check (listening_seconds >= 0);
