-- Marketing suppression list (spec 002 §2.11): an unsubscribed address receives no marketing
-- email afterwards, whether or not it was known when it unsubscribed, so nothing is revealed.
create table marketing_suppressions (
  email text primary key,
  created_at timestamptz not null default now(),
  constraint marketing_suppressions_email_normalised check (email = lower(btrim(email)))
);
