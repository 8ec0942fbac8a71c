-- The pairs of `listener_tracks` (decision 0317) that the deck and the verdict look for are rare:
-- a track a listener held outside the deck (a chart play, a follow, a share, an offline pack) or
-- was dealt and not drawn. Read through its key, the deck's `held` visits every pair a listener
-- ever had rolled up (a year of swipes), and the verdict probes a key of every pair ever rolled
-- up for each rating of its window. A partial index of each kind holds only those pairs.
create index listener_tracks_held_idx on listener_tracks (user_id, track_id) where held;
create index listener_tracks_not_drawn_idx on listener_tracks (user_id, track_id) where not_drawn;
