-- Job lanes (decision 0247): the account a job works for, so the media lane shares its slots
-- between accounts. No foreign key: a job outlives nothing, and its handler finds what is gone.
alter table jobs add column account_id uuid;
create index jobs_running_account_idx on jobs (account_id) where status = 'running';
