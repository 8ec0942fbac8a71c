-- Durable jobs, the email outbox and rate-limit counters: everything an app instance would
-- otherwise keep in memory lives here, so instances stay stateless (architecture.md).

create table jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'queued',
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  run_at timestamptz not null default now(),
  locked_at timestamptz,
  locked_by text,
  last_error text,
  -- At most one job per key ever exists (for example one chart snapshot per UTC day).
  dedupe_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint jobs_status_check check (status in ('queued', 'running', 'succeeded', 'failed')),
  constraint jobs_attempts_check check (attempts >= 0 and max_attempts >= 1)
);
create index jobs_ready_idx on jobs (run_at) where status = 'queued';
create index jobs_running_idx on jobs (locked_at) where status = 'running';
create unique index jobs_dedupe_key on jobs (dedupe_key) where dedupe_key is not null;

create table email_outbox (
  id uuid primary key default gen_random_uuid(),
  template text not null,
  to_address text not null,
  from_address text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  status text not null default 'queued',
  provider text not null,
  message_id text,
  eml_path text,
  attempts integer not null default 0,
  last_error text,
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  constraint email_outbox_status_check check (status in ('queued', 'sent', 'failed')),
  constraint email_outbox_provider_check check (provider in ('local', 'smtp'))
);
create index email_outbox_created_idx on email_outbox (created_at desc);
create index email_outbox_to_idx on email_outbox (to_address, created_at desc);

create table rate_limits (
  key text primary key,
  hits integer not null,
  reset_at timestamptz not null
);
create index rate_limits_reset_idx on rate_limits (reset_at);
