-- Forum (spec 002 §3). Anonymous posts and replies keep no author on the row; the private
-- owner tables hold the link so rate limits, moderation and account deletion still work.

create table forum_categories (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text not null default '',
  color text not null,
  icon text not null,
  is_active boolean not null default true,
  sort_order integer not null default 0,
  constraint forum_categories_color_check check (color ~ '^#[0-9A-Fa-f]{6}$'),
  constraint forum_categories_icon_check check (
    icon in ('MessageSquare', 'Plus', 'Pin', 'Lock', 'Eye', 'MessageCircle', 'Clock', 'Search', 'Filter', 'TrendingUp', 'User')
  )
);
create unique index forum_categories_name_key on forum_categories (lower(name));

create table forum_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null,
  content text not null,
  author_id uuid references accounts (id) on delete cascade,
  category_id uuid not null references forum_categories (id) on delete restrict,
  is_anonymous boolean not null default false,
  is_pinned boolean not null default false,
  is_locked boolean not null default false,
  view_count integer not null default 0,
  reply_count integer not null default 0,
  upvotes integer not null default 0,
  downvotes integer not null default 0,
  created_at timestamptz not null default now(),
  last_reply_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint forum_posts_title_check check (char_length(btrim(title)) between 1 and 200),
  constraint forum_posts_content_check check (char_length(btrim(content)) between 1 and 20000),
  constraint forum_posts_author_check check (is_anonymous = (author_id is null)),
  constraint forum_posts_counters_check check (view_count >= 0 and reply_count >= 0 and upvotes >= 0 and downvotes >= 0)
);
create index forum_posts_latest_idx on forum_posts (is_pinned desc, last_reply_at desc);
create index forum_posts_category_idx on forum_posts (category_id, is_pinned desc, last_reply_at desc);
create index forum_posts_views_idx on forum_posts (view_count desc);
create index forum_posts_replies_idx on forum_posts (reply_count desc);

create table forum_post_owners (
  post_id uuid primary key references forum_posts (id) on delete cascade,
  owner_id uuid not null references accounts (id) on delete cascade
);
create index forum_post_owners_owner_idx on forum_post_owners (owner_id);

create table forum_post_votes (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references forum_posts (id) on delete cascade,
  user_id uuid not null references accounts (id) on delete cascade,
  vote text not null,
  created_at timestamptz not null default now(),
  constraint forum_post_votes_vote_check check (vote in ('up', 'down'))
);
create unique index forum_post_votes_once on forum_post_votes (post_id, user_id);
create index forum_post_votes_user_idx on forum_post_votes (user_id);

create table forum_replies (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references forum_posts (id) on delete cascade,
  author_id uuid references accounts (id) on delete cascade,
  -- A reply to a deleted reply stays: it is somebody else's words (set null, not cascade).
  parent_reply_id uuid references forum_replies (id) on delete set null,
  content text not null,
  is_starred boolean not null default false,
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  constraint forum_replies_content_check check (char_length(btrim(content)) between 1 and 10000),
  constraint forum_replies_author_check check (is_anonymous = (author_id is null))
);
create index forum_replies_post_idx on forum_replies (post_id, created_at);
create index forum_replies_parent_idx on forum_replies (parent_reply_id);

create table forum_reply_owners (
  reply_id uuid primary key references forum_replies (id) on delete cascade,
  owner_id uuid not null references accounts (id) on delete cascade
);
create index forum_reply_owners_owner_idx on forum_reply_owners (owner_id);
