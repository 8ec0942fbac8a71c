-- The offline discovery pack (issue 32 item 3, decision 0305): blind deals dealt at once to be
-- played with no network. A pack is its deals: each one carries the pack's id, and nothing else
-- about the pack is kept (its age is its deals' `dealt_at`). Its deals are the deck's own: they
-- count in the track's exposure and, once the device sends them, in the verdict.
alter table deals add column pack_id uuid;

-- "Has this listener held this track outside the live deck?" A chart's play (decision 0288) or a
-- pack: either way its audio has been on their device, and Discover never deals it to them again.
-- One probe per deal, over an index only those deals are in (the deal's `held` CTE reads it
-- with this very predicate).
create index deals_off_deck_idx on deals (user_id, track_id) where origin = 'charts' or pack_id is not null;

-- A pack's deals, read and locked together when its verdicts arrive.
create index deals_pack_idx on deals (pack_id) where pack_id is not null;
