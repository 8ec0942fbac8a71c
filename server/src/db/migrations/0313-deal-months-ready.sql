-- Whether the deck's months are made (decision 0312): this month's partition of `deals` and the
-- next one's exist. The daily job makes each month two months ahead, so a false here means it has
-- failed for a month or more, and next month's deals would land in `deals_default`. `/api/health`
-- reports it, so an operator's check sees it before a single deal does.
create function deals_months_ready() returns boolean language sql stable as $$
  select to_regclass('deals_' || to_char(m, '"y"YYYY"m"MM')) is not null
     and to_regclass('deals_' || to_char(m + interval '1 month', '"y"YYYY"m"MM')) is not null
  from (select date_trunc('month', now() at time zone 'UTC') as m) s
$$;
