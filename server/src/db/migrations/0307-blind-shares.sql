-- Blind shares (issue 32 item 4, decision 0307): a listener who liked a track (or made it) shares
-- a link that opens it blind. The token is the link's only name for the track: 16 random bytes,
-- one per sharer and track, so sharing again gives the same link.
create table shares (
  id uuid primary key default gen_random_uuid(),
  token text not null unique,
  track_id uuid not null references tracks (id) on delete cascade,
  sharer_id uuid not null references accounts (id) on delete cascade,
  created_at timestamptz not null default now(),
  constraint shares_token_check check (token ~ '^[A-Za-z0-9_-]{22}$'),
  constraint shares_once unique (sharer_id, track_id)
);
create index shares_track_idx on shares (track_id);

-- The deal a share link makes for a signed-in listener. Like a chart's play it is no draw from the
-- deck (no exposure), and the listener came to it from someone who knew the track: none of their
-- deals of it count in the verdict, and Discover never deals it to them again (`origin <> 'discover'`).
alter table deals drop constraint deals_origin_check;
alter table deals add constraint deals_origin_check check (origin in ('discover', 'charts', 'follow', 'share'));
