-- The deck's exposure counts in a table of their own (decision 0201).
--
-- 0190 kept each track's deal count and random key on `tracks`, bumped by a trigger on every
-- deal. Both columns are indexed, so every deal rewrote the whole wide tracks row and added an
-- entry to each of its six indexes: measured, that alone cost a third of the next-track
-- endpoint's throughput. Here they live in a narrow row per track with the two indexes the pick
-- seeks, and whether the track is in the deck at all (featured, playable, not deleted) is copied
-- beside them by a trigger on the rare writes that change it, so the pick never reads `tracks`
-- until it has chosen.
create table deck_exposure (
  track_id uuid primary key references tracks (id) on delete cascade,
  -- featured_in_player and not is_deleted and status = 'ready', kept by tracks_deck_membership.
  in_deck boolean not null,
  -- Deals ever handed out for the track; never decremented (see 0190).
  deal_count integer not null default 0,
  -- The pick's random key, drawn anew on every deal (see 0190).
  rnd double precision not null default random(),
  constraint deck_exposure_deal_count_check check (deal_count >= 0),
  constraint deck_exposure_rnd_check check (rnd >= 0 and rnd < 1)
);

insert into deck_exposure (track_id, in_deck, deal_count, rnd)
select id, featured_in_player and not is_deleted and status = 'ready', deal_count, rnd from tracks;

-- The fair phase: the least exposed first, seeked by key among equals.
create index deck_exposure_fair_idx on deck_exposure (deal_count, rnd) where in_deck;
-- The uniform phase, once every track has had its first listens: seeked by key alone.
create index deck_exposure_shuffle_idx on deck_exposure (rnd) where in_deck;

create or replace function deals_count_exposure() returns trigger language plpgsql as $$
begin
  update deck_exposure set deal_count = deal_count + 1, rnd = random() where track_id = new.track_id;
  return null;
end;
$$;

-- A new track gets its row; a change to what makes it a Discover candidate moves it in or out
-- of the deck, keeping its count. The WHERE skips the write when membership did not change.
create function tracks_deck_membership() returns trigger language plpgsql as $$
begin
  insert into deck_exposure (track_id, in_deck)
  values (new.id, new.featured_in_player and not new.is_deleted and new.status = 'ready')
  on conflict (track_id) do update set in_deck = excluded.in_deck
  where deck_exposure.in_deck is distinct from excluded.in_deck;
  return null;
end;
$$;

create trigger tracks_deck_membership
after insert or update of featured_in_player, is_deleted, status on tracks
for each row execute function tracks_deck_membership();

drop index tracks_fair_idx;
drop index tracks_discover_idx;
alter table tracks drop constraint tracks_deal_count_check;
alter table tracks drop constraint tracks_rnd_check;
alter table tracks drop column deal_count;
alter table tracks drop column rnd;
