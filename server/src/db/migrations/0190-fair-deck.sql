-- The fair deck and the deal as a listening event (issue 19, decisions 0190 and 0191).

-- How many deals a track has had: the deck deals the least-exposed eligible featured tracks
-- first until every one has FIRST_LISTENS. Kept by the database on every deal insert, whoever
-- inserts it (the deck's pick, the seed, a test fixture), in the inserting statement; never
-- decremented, since a deal that was handed out stays handed out when its row goes with an
-- account. The same update draws the track a new random key: a pick seeks into `rnd`, so a
-- track behind a wide gap would otherwise be the next one above many draws, deal after deal.
alter table tracks add column deal_count integer not null default 0;
alter table tracks add constraint tracks_deal_count_check check (deal_count >= 0);
update tracks t set deal_count = (select count(*) from deals d where d.track_id = t.id);

create function deals_count_exposure() returns trigger language plpgsql as $$
begin
  update tracks set deal_count = deal_count + 1, rnd = random() where id = new.track_id;
  return null;
end;
$$;

create trigger deals_count_exposure after insert on deals
for each row execute function deals_count_exposure();

-- "The least exposed, random among equals": the lowest count is the index's first entry, and
-- the tracks at one count are seeked by their random key, as tracks_discover_idx does for all.
create index tracks_fair_idx on tracks (deal_count, rnd)
  where featured_in_player and not is_deleted and status = 'ready';

-- A listener's served deals not yet ended: when the audio of a new deal is first served, these
-- end as 'left' in the same statement (a listener hears one Discover track at a time).
create index deals_open_idx on deals (user_id)
  where ended_as is null and first_served_at is not null;
