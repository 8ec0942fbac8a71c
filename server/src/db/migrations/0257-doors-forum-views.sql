-- A post's view is counted once per account and UTC day (decision 0257): one call or a hundred,
-- one view. The counter on forum_posts moves only when a row here is new, in the same statement.
create table forum_post_views (
  post_id uuid not null references forum_posts (id) on delete cascade,
  account_id uuid not null references accounts (id) on delete cascade,
  day date not null,
  primary key (post_id, account_id, day)
);
create index forum_post_views_account_idx on forum_post_views (account_id);
