-- The finished runs a job kind forgets after a while (`pruneSucceededJobs`): the listening credit
-- (decision 0246) runs once per active listener and minute, so its prune must not scan the queue.
create index jobs_succeeded_idx on jobs (kind, finished_at) where status = 'succeeded';
