-- A masked chart row plays blind from the chart (issue 30, decision 0288). Its deal says so: a
-- chart deal is no draw from the deck, so it does not count in the deck's exposure, and a
-- listener who has one has heard the track outside the blind deck: none of their deals of that
-- track count in the verdict, and Discover never deals it to them again.
alter table deals
  add column origin text not null default 'discover',
  add constraint deals_origin_check check (origin in ('discover', 'charts'));

-- The same function, now only for the deck's own deals.
drop trigger deals_count_exposure on deals;
create trigger deals_count_exposure after insert on deals
for each row when (new.origin = 'discover') execute function deals_count_exposure();

-- "Has this listener played this track from a chart?": one probe per deck entry in the deal's
-- eligibility and per rated deal in the verdict, over an index only chart deals are in.
create index deals_charts_idx on deals (user_id, track_id) where origin = 'charts';
