-- Accounts that resist guessing and squatting (issue 27 item 5, decisions 0253 to 0256).

-- When the account proved it holds its address (the link of the verification email). Null until
-- then: an unverified account can listen and like, but its verdicts weigh 0 (decision 0196).
-- Every account made before this rule is marked verified as of its creation: they signed up when
-- no link was asked for, and taking their verdicts away now would punish them for our gap.
alter table accounts add column email_verified_at timestamptz;
update accounts set email_verified_at = created_at;

-- A verification link's token, stored as its SHA-256 (as sessions and reset tokens are): a
-- database leak yields no usable link. The address it was sent to is kept with it, so a link
-- verifies that address only, never one the account holds later.
create table email_verification_tokens (
  token_hash text primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index email_verification_tokens_account_idx on email_verification_tokens (account_id);

-- Failed sign-ins per account, from any address (decision 0253). The subject is the SHA-256 of
-- the account's id, or of the address typed when no account has it, so an unknown email is
-- challenged exactly like a registered one. A failure within 15 minutes of the last one adds to
-- the count; a quieter gap starts it again; a successful sign-in deletes the row.
create table login_failures (
  subject text primary key,
  failures integer not null,
  last_failed_at timestamptz not null,
  constraint login_failures_count_check check (failures > 0)
);
create index login_failures_last_failed_idx on login_failures (last_failed_at);
