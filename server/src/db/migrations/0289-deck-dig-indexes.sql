-- A dig's one-valued filters checked inside the deck's two indexes (decision 0289).
--
-- The pick walks `deck_exposure_fair_idx` in (deal_count, rnd) order, and a dig's filters were
-- checked on the heap row of every entry the walk met: a tempo window of 4 BPM matches about one
-- deck entry in 25, so 32 candidates cost some 800 heap visits, and once a filter's tracks have
-- left the lowest tiers (the digs deal them) the walk crossed every other track of those tiers
-- first. With the sound columns as the indexes' trailing keys, a filter of one value or range (a
-- genre, an energy, a tempo window without half and double time) is an index condition, checked
-- on the index entry: the heap is visited only for the entries that match.
drop index deck_exposure_fair_idx;
create index deck_exposure_fair_idx on deck_exposure (deal_count, rnd, genre, energy, key_camelot, bpm)
  where in_deck;
drop index deck_exposure_shuffle_idx;
create index deck_exposure_shuffle_idx on deck_exposure (rnd, deal_count, genre, energy, key_camelot, bpm)
  where in_deck;
