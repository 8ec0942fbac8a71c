-- Interest registration, forms, demo tracks and first-party analytics (spec 000 §3).

create table subscribers (
  id uuid primary key default gen_random_uuid(),
  role text not null,
  name text not null,
  artist_name text,
  email text not null,
  username text,
  marketing_opt_in boolean not null default false,
  genre text,
  ios_beta_interest text not null,
  unsubscribed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint subscribers_role_check check (role in ('listener', 'artist')),
  constraint subscribers_email_normalised check (email = lower(btrim(email)) and email like '%_@_%'),
  constraint subscribers_ios_check check (ios_beta_interest in ('yes', 'no')),
  constraint subscribers_genre_check check (
    genre is null or genre in ('Drum & Bass', 'Garage', 'House / Tech house', 'Minimal / Deep Tech', 'Techno')
  ),
  -- spec 000 §3: artist name and genre for artists only, else null.
  constraint subscribers_artist_fields check (
    (role = 'artist' and artist_name is not null and genre is not null)
    or (role = 'listener' and artist_name is null and genre is null)
  )
);
-- The duplicate-email answer of spec 000 §8 (code 23505) comes from this index.
create unique index subscribers_email_key on subscribers (email);

create table contact_submissions (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  message text not null,
  captcha_token text not null,
  created_at timestamptz not null default now(),
  constraint contact_submissions_lengths check (
    char_length(name) <= 200 and char_length(email) <= 320 and char_length(message) <= 10000
  )
);

create table bug_reports (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  email text not null,
  description text not null,
  captcha_token text not null,
  created_at timestamptz not null default now(),
  constraint bug_reports_lengths check (
    char_length(name) <= 200 and char_length(email) <= 320 and char_length(description) <= 10000
  )
);

-- A solved captcha challenge can be redeemed once, until it expires.
create table captcha_redemptions (
  challenge_hash text primary key,
  expires_at timestamptz not null,
  redeemed_at timestamptz not null default now()
);
create index captcha_redemptions_expires_idx on captcha_redemptions (expires_at);

-- The landing page's demo player: public tracks, not the blind catalogue.
create table demo_tracks (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  artist text not null,
  audio_media_id uuid not null references media_objects (id) on delete cascade,
  cover_media_id uuid references media_objects (id) on delete set null,
  sort_order integer not null default 0,
  created_at timestamptz not null default now()
);

create table analytics_events (
  id bigint generated always as identity primary key,
  name text not null,
  path text not null,
  referrer text,
  visitor_id uuid,
  account_id uuid references accounts (id) on delete set null,
  properties jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint analytics_events_name_check check (
    name in ('page_view', 'signup_free_account_click', 'signup_paid_account_click', 'signup_checkout_started')
  )
);
create index analytics_events_name_idx on analytics_events (name, created_at desc);
