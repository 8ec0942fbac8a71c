-- Email that arrives (decision 0248): the outbox row keeps its own schedule. first_tried_at starts
-- the day a message is retried for; next_try_at is when it may be tried next (during a try, the
-- end of that try's lease), null once it is sent or given up.
alter table email_outbox add column first_tried_at timestamptz;
alter table email_outbox add column next_try_at timestamptz;
update email_outbox set first_tried_at = created_at, next_try_at = now() where status = 'queued';
-- A message left queued before retries existed gets its retry job; past its day, it is given up.
insert into jobs (kind, payload, dedupe_key)
select 'email.deliver', jsonb_build_object('emailId', id), 'email.deliver:' || id || ':migrated'
from email_outbox where status = 'queued';
