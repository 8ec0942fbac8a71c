-- A track's Blind Notes, found by the track (decision 0312, "Measured a fourth time"). Hook
-- analytics read them through the track's deals, a join the planner weighed against every month
-- of `deals`: at 20 million deals it planned the statement anew on every read (a millisecond), where
-- on a small table it kept one plan. Notes are few; read from here, the statement costs the same
-- at any size. A note's track is its deal's, copied when the note is written, and goes with it.
alter table deal_notes add column track_id uuid;
update deal_notes n set track_id = d.track_id from deals d where d.id = n.deal_id and d.dealt_at = n.deal_dealt_at;
alter table deal_notes alter column track_id set not null;
alter table deal_notes add constraint deal_notes_track_fkey foreign key (track_id) references tracks (id) on delete cascade;
create index deal_notes_track_idx on deal_notes (track_id, created_at);
