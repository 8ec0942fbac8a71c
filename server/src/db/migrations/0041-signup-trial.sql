-- The in-app trial an artist gets at signup after a successful checkout (product-decisions.md: 14 days),
-- kept apart from trial_end_date, which shows whichever trial ends later. Access stays while this
-- one runs even when the provider grants nothing (a cancelled provider trial, a failed payment).
alter table artist_profiles add column signup_trial_end timestamptz;
