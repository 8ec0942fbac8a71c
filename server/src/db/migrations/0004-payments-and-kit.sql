-- Payment subscriptions (spec 001 §3 stripe_user_subscriptions) and the Klang Kit (spec 002 §3).

create table payment_subscriptions (
  id uuid primary key default gen_random_uuid(),
  account_id uuid not null references accounts (id) on delete cascade,
  provider text not null,
  customer_id text,
  subscription_id text,
  checkout_session_id text,
  price_id text,
  subscription_status text not null,
  current_period_end timestamptz,
  trial_end timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint payment_subscriptions_provider_check check (provider in ('stripe', 'local')),
  constraint payment_subscriptions_status_check check (
    subscription_status in (
      'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'
    )
  )
);
create unique index payment_subscriptions_account_key on payment_subscriptions (account_id);
create unique index payment_subscriptions_subscription_key on payment_subscriptions (provider, subscription_id)
  where subscription_id is not null;

-- Webhook events, deduplicated by the provider's event id.
create table payment_events (
  id text primary key,
  provider text not null,
  type text not null,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  constraint payment_events_provider_check check (provider in ('stripe', 'local'))
);

create table klang_packs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references accounts (id) on delete cascade,
  name text,
  status text not null default 'training',
  preview_media_id uuid references media_objects (id) on delete set null,
  provider text,
  provider_model_id text,
  failure_reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint klang_packs_status_check check (status in ('training', 'ready', 'error')),
  constraint klang_packs_name_length check (name is null or char_length(name) <= 100)
);
create index klang_packs_user_idx on klang_packs (user_id, created_at desc);

-- The training photos of a pack (20 to 70, spec 002 §5).
create table klang_pack_images (
  pack_id uuid not null references klang_packs (id) on delete cascade,
  media_id uuid not null references media_objects (id) on delete cascade,
  position integer not null,
  primary key (pack_id, position),
  constraint klang_pack_images_position_check check (position between 1 and 70)
);

create table klang_pack_results (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references accounts (id) on delete cascade,
  pack_id uuid not null references klang_packs (id) on delete cascade,
  prompt text not null,
  image_media_id uuid references media_objects (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint klang_pack_results_prompt_check check (char_length(btrim(prompt)) between 1 and 2000)
);
create index klang_pack_results_pack_idx on klang_pack_results (user_id, pack_id, created_at desc);

-- SoundLab pads saved per user and preset (spec 002 §2.2: presets 1 to 3, pads 1 to 25).
create table soundlab_pads (
  user_id uuid not null references accounts (id) on delete cascade,
  preset smallint not null,
  pad smallint not null,
  label text not null default 'empty',
  sound_media_id uuid references media_objects (id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (user_id, preset, pad),
  constraint soundlab_pads_preset_check check (preset between 1 and 3),
  constraint soundlab_pads_pad_check check (pad between 1 and 25),
  constraint soundlab_pads_label_check check (char_length(label) <= 60)
);
