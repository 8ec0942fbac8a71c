-- The local checkout provider (issue 8): Klang's own stand-in for Stripe when no Stripe key is set.
-- It keeps what Stripe would keep: checkout sessions, subscriptions in Stripe's shape, and the
-- signed events it owes the webhook, which it delivers until they are accepted.

create table local_checkout_sessions (
  id text primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  idempotency_key text not null,
  price_id text not null,
  success_url text not null,
  cancel_url text not null,
  customer_email text,
  metadata jsonb not null default '{}',
  trial_days integer not null,
  status text not null default 'open',
  subscription_id text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  constraint local_checkout_sessions_status_check check (status in ('open', 'complete', 'expired')),
  constraint local_checkout_sessions_trial_check check (trial_days between 0 and 730)
);
create unique index local_checkout_sessions_idempotency_key on local_checkout_sessions (idempotency_key);

create table local_subscriptions (
  id text primary key,
  account_id uuid not null references accounts (id) on delete cascade,
  customer_id text not null,
  -- The subscription as Stripe's API would answer it (items carry current_period_end).
  object jsonb not null,
  updated_at timestamptz not null default now()
);
create index local_subscriptions_account_idx on local_subscriptions (account_id);

create table local_payment_deliveries (
  event_id text primary key,
  checkout_session_id text references local_checkout_sessions (id) on delete cascade,
  -- The event exactly as it is signed and posted to /functions/v1/stripe-webhook.
  payload text not null,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index local_payment_deliveries_pending_idx on local_payment_deliveries (created_at)
  where delivered_at is null;
