-- The blind verdict (issue 19 item 3, decisions 0195 and 0196). A genre's chart ranks by the lower
-- bound of the 95 % Wilson interval of trusted likes over trusted rated deals in a rolling window.
-- The chart-verdict job computes it from `deals` and keeps it on the track, so a chart read is one
-- index walk and never aggregates deals.

-- 0 until the job has judged the track: a new upload is listed at once, below every verdict.
alter table tracks add column verdict_score double precision not null default 0;
alter table tracks add constraint tracks_verdict_score_check check (verdict_score >= 0 and verdict_score <= 1);

-- Charts: the verdict descending, newest first on ties, then the id, so equal tracks (an empty
-- window ranks everything 0) always come out in the same order. Replaces the likes order.
drop index tracks_chart_idx;
create index tracks_chart_idx on tracks (genre, verdict_score desc, uploaded_at desc, id)
  where not is_deleted and status = 'ready';

-- The job reads the rated deals of the window by when they ended.
create index deals_rated_idx on deals (ended_at) where ended_as in ('like', 'skip');

-- The published method's live figures (`GET /api/charts/method`): aggregates the job writes with
-- each ranking, one row, so the public page never scans deals.
create table chart_method_figures (
  id boolean primary key default true,
  computed_at timestamptz not null,
  window_days integer not null,
  deals integer not null,
  rated integer not null,
  likes integer not null,
  likes_discounted integer not null,
  discounted_too_quick integer not null,
  discounted_new_account integer not null,
  discounted_like_everything integer not null,
  accounts_excluded integer not null,
  listeners integer not null,
  constraint chart_method_figures_single check (id),
  constraint chart_method_figures_window_check check (window_days >= 1)
);
