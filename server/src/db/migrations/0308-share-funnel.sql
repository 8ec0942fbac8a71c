-- The share funnel (issue 32 item 6, decision 0309): the server counts each step of a blind share
-- as a first-party analytics event of its own (never one a browser may send): a link made, a link
-- opened, a preview played, a shared track dealt to a signed-in listener (`first_deal` when it is
-- the listener's first deal ever: a listener the share brought in). No event names a track.
alter table analytics_events drop constraint analytics_events_name_check;
alter table analytics_events add constraint analytics_events_name_check check (
  name in (
    'page_view', 'signup_free_account_click', 'signup_paid_account_click', 'signup_checkout_started',
    'share_made', 'share_opened', 'share_previewed', 'share_dealt'
  )
);
