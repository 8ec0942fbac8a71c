-- What a chart row shows beside its place (product-decisions.md Charts, decision 0257): the
-- figures its verdict is made of, trusted deals only. `verdict_share` is the trusted likes over
-- the trusted rated deals of the window, `verdict_listeners` the distinct listeners whose rating
-- counts; the chart-verdict job writes them with `verdict_score`, never a raw like count.
alter table tracks add column verdict_share double precision not null default 0;
alter table tracks add constraint tracks_verdict_share_check check (verdict_share >= 0 and verdict_share <= 1);
alter table tracks add column verdict_listeners integer not null default 0;
alter table tracks add constraint tracks_verdict_listeners_check check (verdict_listeners >= 0);
