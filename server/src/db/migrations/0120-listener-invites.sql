-- Listener invites (product-decisions.md Invites, FAQ: five per listener). One row per slot, made when
-- the listener first looks at them; a slot is used up when a signup redeems its token.
-- The token is kept as issued, not hashed: the inviter's profile shows the link again to copy
-- and share. It grants one listener signup with a credit, nothing on anyone's account.
create table listener_invites (
  id uuid primary key default gen_random_uuid(),
  inviter_id uuid not null references accounts (id) on delete cascade,
  slot smallint not null,
  token text not null,
  created_at timestamptz not null default now(),
  redeemed_by uuid references accounts (id) on delete set null,
  redeemed_at timestamptz,
  constraint listener_invites_slot_check check (slot between 1 and 5),
  constraint listener_invites_token_format check (token ~ '^[A-Za-z0-9_-]{32,64}$'),
  constraint listener_invites_redeemed_check check (redeemed_by is null or redeemed_at is not null)
);
create unique index listener_invites_slot_key on listener_invites (inviter_id, slot);
create unique index listener_invites_token_key on listener_invites (token);
create unique index listener_invites_redeemed_by_key on listener_invites (redeemed_by) where redeemed_by is not null;

-- Who invited a listener: kept on the listener's own profile, gone with the inviter.
alter table listener_profiles add column invited_by uuid references accounts (id) on delete set null;
