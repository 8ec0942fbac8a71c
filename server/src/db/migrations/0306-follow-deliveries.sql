-- Follow means first deal (issue 32 item 5, decision 0306): an artist's track that enters the
-- deck is dealt first, still blind, to the listeners who followed the artist before it did.

-- A track's first entry into the deck, once: written by the deck's membership trigger, so a
-- track featured while it transcodes is released when it is ready, and one unfeatured and
-- featured again is not released twice. `announced_at` is set when the fan-out has handed it to
-- the artist's followers (or passed it over: an artist's third release within a week is not).
create table follow_releases (
  track_id uuid primary key references tracks (id) on delete cascade,
  artist_id uuid not null,
  -- Null for a track already in the deck (or dealt) before this migration: not new, never
  -- delivered, and no "first day" to count.
  entered_at timestamptz,
  announced_at timestamptz
);
create index follow_releases_unannounced_idx on follow_releases (entered_at) where announced_at is null;
create index follow_releases_artist_idx on follow_releases (artist_id, entered_at);

insert into follow_releases (track_id, artist_id, entered_at, announced_at)
select x.track_id, t.artist_id, null, now()
from deck_exposure x join tracks t on t.id = x.track_id
where x.in_deck or x.deal_count > 0;

-- A follower's pending first deal: one row per listener and released track, deleted when the
-- deck deals it (the deal, `origin = 'follow'`, is the record after that) or a week after the
-- release, when it is no longer new.
create table follow_deliveries (
  user_id uuid not null references accounts (id) on delete cascade,
  track_id uuid not null references tracks (id) on delete cascade,
  released_at timestamptz not null,
  primary key (user_id, track_id)
);
create index follow_deliveries_released_idx on follow_deliveries (released_at);

-- The deal a delivery becomes. It is no draw from the deck, so it does not count in the deck's
-- exposure (the insert trigger counts `discover` deals only), and a listener who knew whose track
-- it was may not vote on it: like a chart's play, none of their deals of that track count in the
-- verdict, and Discover never deals it to them again.
alter table deals drop constraint deals_origin_check;
alter table deals add constraint deals_origin_check check (origin in ('discover', 'charts', 'follow'));

-- "Has this listener had this track outside the deck's draw?", for the verdict, and "held outside
-- the live deck?", for the deal: both now over every origin but the deck's own.
drop index deals_charts_idx;
create index deals_not_drawn_idx on deals (user_id, track_id) where origin <> 'discover';
drop index deals_off_deck_idx;
create index deals_off_deck_idx on deals (user_id, track_id) where origin <> 'discover' or pack_id is not null;

-- The followers who heard a new track, dealt first to them, counted on the artist's track list.
create index deals_follow_idx on deals (track_id, first_served_at) where origin = 'follow';

create or replace function tracks_deck_membership() returns trigger language plpgsql as $$
declare
  dealable boolean := new.featured_in_player and not new.is_deleted and new.status = 'ready';
begin
  insert into deck_exposure (track_id, in_deck, genre, bpm, key_camelot, energy, brightness_hz)
  values (
    new.id,
    dealable,
    new.genre,
    coalesce(new.bpm_artist, case when new.bpm_confidence >= 0.2 then new.bpm end),
    coalesce(new.key_artist, case when new.key_confidence >= 0.3 then new.key_camelot end),
    case when new.energy_percentile * 3 < 100 then 'low'
         when new.energy_percentile * 3 < 200 then 'mid'
         when new.energy_percentile is not null then 'high' end,
    new.brightness_hz)
  on conflict (track_id) do update set
    in_deck = excluded.in_deck, genre = excluded.genre, bpm = excluded.bpm,
    key_camelot = excluded.key_camelot, energy = excluded.energy, brightness_hz = excluded.brightness_hz
  where (deck_exposure.in_deck, deck_exposure.genre, deck_exposure.bpm, deck_exposure.key_camelot,
         deck_exposure.energy, deck_exposure.brightness_hz)
    is distinct from (excluded.in_deck, excluded.genre, excluded.bpm, excluded.key_camelot,
         excluded.energy, excluded.brightness_hz);
  if dealable then
    insert into follow_releases (track_id, artist_id, entered_at)
    values (new.id, new.artist_id, now())
    on conflict (track_id) do nothing;
  end if;
  return null;
end;
$$;

-- When each listener was last told of their waiting deliveries: one email a week at most.
create table follow_digests (
  user_id uuid primary key references accounts (id) on delete cascade,
  sent_at timestamptz not null
);
