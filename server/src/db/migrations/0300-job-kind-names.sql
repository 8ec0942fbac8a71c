-- Job kinds are `<area>.<verb>` (issue 33 item 2, decision 0300). The catalogue's two kinds are
-- renamed in place with their dedupe keys, so a queued run still runs and a day already
-- snapshotted is not snapshotted again.
update jobs
set kind = 'catalogue.refresh-verdicts',
    dedupe_key = 'catalogue.refresh-verdicts' || substr(dedupe_key, length('chart-verdict') + 1)
where kind = 'chart-verdict';

update jobs
set kind = 'catalogue.write-snapshot',
    dedupe_key = 'catalogue.write-snapshot' || substr(dedupe_key, length('chart-snapshot') + 1)
where kind = 'chart-snapshot';
