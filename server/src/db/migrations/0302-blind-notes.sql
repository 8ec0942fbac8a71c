-- Blind Notes (issue 31 item 2, decision 0302): a skip's reason and "this moment" marks, each on
-- one of the listener's own deals, so a note goes with its deal when the track or the account
-- goes. No free text: a reason is one of six words, a moment a position the server clamped.
create table deal_notes (
  id uuid primary key default gen_random_uuid(),
  deal_id uuid not null references deals (id) on delete cascade,
  kind text not null,
  reason text,
  position_ms integer,
  created_at timestamptz not null default now(),
  constraint deal_notes_kind_check check (kind in ('reason', 'moment')),
  constraint deal_notes_reason_check check (
    reason in ('intro-too-long', 'not-my-style', 'mix-or-sound', 'vocals', 'too-slow', 'too-fast')),
  constraint deal_notes_shape_check check (
    (kind = 'reason' and reason is not null and position_ms is null)
    or (kind = 'moment' and reason is null and position_ms >= 0))
);
-- One reason per skip, final: a reason that could change would move the artist's counts without
-- a new listener. The deal index serves the per-deal checks and the track's aggregate (through
-- deals_track_idx, then here).
create unique index deal_notes_one_reason on deal_notes (deal_id) where kind = 'reason';
create index deal_notes_deal_idx on deal_notes (deal_id, kind);

-- A note earns points the first few times a day (the ledger's keys are the day and a count).
alter table point_awards drop constraint point_awards_reason_check;
alter table point_awards add constraint point_awards_reason_check
  check (reason in ('swipe', 'like', 'library', 'listening', 'daily_login', 'blind_note'));
