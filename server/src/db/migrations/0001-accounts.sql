-- Accounts, sessions and profiles (spec 000 §3, spec 001 §3, spec 002 §3).
-- Usernames, artist names and bios live once, on profiles; artist_profiles and
-- listener_profiles hold what only that kind of profile has. See docs/data-model.md.

create table accounts (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  password_hash text,
  is_temporary boolean not null default false,
  created_for_checkout boolean not null default false,
  marketing_opt_in boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint accounts_email_normalised check (email = lower(btrim(email)) and email like '%_@_%'),
  constraint accounts_temporary_for_checkout check (not is_temporary or created_for_checkout)
);
create unique index accounts_email_key on accounts (email);

-- A session is stored by the SHA-256 of its token: a database leak yields no usable cookie.
create table sessions (
  token_hash text primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  user_agent text,
  ip text
);
create index sessions_account_idx on sessions (account_id);
create index sessions_expires_idx on sessions (expires_at);

create table password_reset_tokens (
  token_hash text primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_account_idx on password_reset_tokens (account_id);

create table profiles (
  id uuid primary key references accounts (id) on delete cascade,
  role text not null,
  username text not null,
  artist_name text,
  bio text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_role_check check (role in ('artist', 'listener')),
  -- spec 001 §5: the username is one word.
  constraint profiles_username_format check (username ~ '^[A-Za-z0-9_.-]{1,32}$'),
  constraint profiles_artist_name_check check (role <> 'artist' or nullif(btrim(artist_name), '') is not null),
  constraint profiles_bio_length check (bio is null or char_length(bio) <= 1000)
);
create unique index profiles_username_key on profiles (lower(username));

-- Media objects: every stored file, under an opaque key that names no user, title or file name.
create table media_objects (
  id uuid primary key default gen_random_uuid(),
  bucket text not null,
  storage_key text not null,
  content_type text not null,
  byte_size bigint not null,
  sha256 text,
  owner_id uuid references accounts (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint media_objects_bucket_check check (
    bucket in ('tracks', 'renditions', 'coverart', 'profile-images', 'artist-packs', 'pack-results', 'soundlab', 'demo')
  ),
  constraint media_objects_size_check check (byte_size >= 0),
  constraint media_objects_key_opaque check (storage_key ~ '^[a-z0-9-]+/[A-Za-z0-9_-]{16,}(\.[a-z0-9]{2,4})?$')
);
create unique index media_objects_key on media_objects (bucket, storage_key);
create index media_objects_owner_idx on media_objects (owner_id);

create table artist_profiles (
  id uuid primary key references profiles (id) on delete cascade,
  instagram text,
  website text,
  subscription_tier text not null default 'free',
  verification_status text not null default 'none',
  followers integer not null default 0,
  gold_badge_applied boolean not null default false,
  trial_end_date timestamptz,
  profile_image_id uuid references media_objects (id) on delete set null,
  artist_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint artist_profiles_tier_check check (subscription_tier in ('free', 'trial', 'pro')),
  constraint artist_profiles_verification_check check (verification_status in ('none', 'pending', 'verified')),
  constraint artist_profiles_followers_check check (followers >= 0),
  constraint artist_profiles_url_format check (artist_url is null or artist_url ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$')
);
create unique index artist_profiles_url_key on artist_profiles (artist_url) where artist_url is not null;

create table listener_profiles (
  id uuid primary key references profiles (id) on delete cascade,
  subscription_tier text not null default 'free',
  profile_image_id uuid references media_objects (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint listener_profiles_tier_check check (subscription_tier in ('free', 'trial', 'pro'))
);

create table admins (
  id uuid primary key references accounts (id) on delete cascade,
  created_at timestamptz not null default now()
);
