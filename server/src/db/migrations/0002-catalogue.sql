-- Tracks, interactions, charts, follows and loyalty (spec 000 §3, spec 001 §3).

create table tracks (
  id uuid primary key default gen_random_uuid(),
  artist_id uuid not null references artist_profiles (id) on delete cascade,
  title text not null,
  genre text not null,
  label text not null default 'Unsigned',
  -- The upload as received, and the stripped, normalised rendition listeners hear.
  source_media_id uuid references media_objects (id) on delete set null,
  audio_media_id uuid references media_objects (id) on delete set null,
  cover_media_id uuid references media_objects (id) on delete set null,
  status text not null default 'processing',
  failure_reason text,
  duration_ms integer,
  peaks jsonb,
  likes integer not null default 0,
  dislikes integer not null default 0,
  added_to_library integer not null default 0,
  play_count integer not null default 0,
  featured_in_player boolean not null default false,
  is_deleted boolean not null default false,
  deleted_at timestamptz,
  uploaded_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- A random sort key: the Discover pick seeks into it instead of ORDER BY random()
  -- (performance-and-security.md A5).
  rnd double precision not null default random(),
  constraint tracks_title_check check (char_length(btrim(title)) between 1 and 200),
  constraint tracks_genre_check check (
    genre in ('Minimal / Deep Tech', 'House / Tech House', 'Drum n Bass', 'Techno', 'UK Garage', 'EDM', 'Dubstep')
  ),
  constraint tracks_label_check check (char_length(btrim(label)) between 1 and 120),
  constraint tracks_status_check check (status in ('processing', 'ready', 'failed')),
  constraint tracks_counters_check check (likes >= 0 and dislikes >= 0 and added_to_library >= 0 and play_count >= 0),
  constraint tracks_ready_has_audio check (status <> 'ready' or audio_media_id is not null),
  constraint tracks_deleted_at_check check (is_deleted = (deleted_at is not null)),
  constraint tracks_rnd_check check (rnd >= 0 and rnd < 1)
);
-- Discover candidates: featured, playable, not deleted.
create index tracks_discover_idx on tracks (rnd)
  where featured_in_player and not is_deleted and status = 'ready';
-- Charts: likes descending, newest first on ties.
create index tracks_chart_idx on tracks (genre, likes desc, uploaded_at desc)
  where not is_deleted and status = 'ready';
-- An artist's own list, and the featured count the tier limit checks.
create index tracks_artist_idx on tracks (artist_id, likes desc, uploaded_at desc) where not is_deleted;

create table track_interactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references accounts (id) on delete cascade,
  track_id uuid not null references tracks (id) on delete cascade,
  interaction_type text not null,
  added_to_library boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint track_interactions_type_check check (interaction_type in ('like', 'dislike')),
  constraint track_interactions_library_needs_like check (interaction_type = 'like' or not added_to_library)
);
create unique index track_interactions_once on track_interactions (user_id, track_id, interaction_type);
create index track_interactions_user_idx on track_interactions (user_id, interaction_type, created_at desc);
create index track_interactions_track_idx on track_interactions (track_id);

-- A playback URL issued to a user for a track: the proof that the server served it before a
-- like, a dislike or credited listening is accepted (product-decisions.md, Charts and Loyalty).
create table playback_grants (
  user_id uuid not null references accounts (id) on delete cascade,
  track_id uuid not null references tracks (id) on delete cascade,
  first_issued_at timestamptz not null default now(),
  last_issued_at timestamptz not null default now(),
  expires_at timestamptz not null,
  primary key (user_id, track_id)
);
create index playback_grants_track_idx on playback_grants (track_id);

create table chart_positions (
  track_id uuid not null references tracks (id) on delete cascade,
  genre text not null,
  date date not null,
  position integer not null,
  likes integer not null,
  primary key (genre, date, track_id),
  constraint chart_positions_position_check check (position >= 1),
  constraint chart_positions_likes_check check (likes >= 0)
);
create unique index chart_positions_rank_key on chart_positions (genre, date, position);
create index chart_positions_track_idx on chart_positions (track_id, genre, date);

create table follows (
  id uuid primary key default gen_random_uuid(),
  follower_id uuid not null references accounts (id) on delete cascade,
  artist_id uuid not null references artist_profiles (id) on delete cascade,
  -- The name at the time of the follow, for display only; the key is the artist id.
  artist_name text not null,
  followed_at timestamptz not null default now(),
  constraint follows_not_self check (follower_id <> artist_id)
);
create unique index follows_once on follows (follower_id, artist_id);
create index follows_follower_idx on follows (follower_id, followed_at desc);
create index follows_artist_idx on follows (artist_id);

create table user_xp (
  user_id uuid primary key references accounts (id) on delete cascade,
  total_points integer not null default 0,
  tier text not null default 'Bronze',
  swipes integer not null default 0,
  likes integer not null default 0,
  dislikes integer not null default 0,
  added_to_library integer not null default 0,
  listening_time integer not null default 0,
  daily_logins integer not null default 0,
  last_login_date date,
  last_listening_credit_at timestamptz,
  last_updated timestamptz not null default now(),
  constraint user_xp_tier_check check (tier in ('Bronze', 'Red', 'Purple', 'Silver', 'Gold', 'Black')),
  constraint user_xp_counters_check check (
    total_points >= 0 and swipes >= 0 and likes >= 0 and dislikes >= 0 and added_to_library >= 0
    and listening_time >= 0 and daily_logins >= 0
  )
);

-- The points ledger: each award once. A track earns its swipe, like and library points once per
-- user, ever (product-decisions.md), which the partial unique index enforces under concurrency.
create table point_awards (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references accounts (id) on delete cascade,
  reason text not null,
  track_id uuid references tracks (id) on delete set null,
  award_key text,
  points integer not null,
  created_at timestamptz not null default now(),
  constraint point_awards_reason_check check (reason in ('swipe', 'like', 'library', 'listening', 'daily_login')),
  constraint point_awards_points_check check (points > 0)
);
create unique index point_awards_once on point_awards (user_id, reason, award_key) where award_key is not null;
create index point_awards_user_idx on point_awards (user_id, created_at desc);
