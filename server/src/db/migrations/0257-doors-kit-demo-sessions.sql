-- The shared demo account is signed in by every visitor of /demo-login at once, so its SoundLab
-- presets belong to the visitor's session (decision 0258): a demo preset carries its session's
-- token hash and goes with the session; everyone else's presets have none and are the account's.
alter table soundlab_presets add column session_hash text references sessions (token_hash) on delete cascade;
alter table soundlab_pads add column session_hash text references sessions (token_hash) on delete cascade;

alter table soundlab_presets drop constraint soundlab_presets_pkey;
alter table soundlab_presets add constraint soundlab_presets_key
  unique nulls not distinct (user_id, session_hash, preset);
alter table soundlab_pads drop constraint soundlab_pads_pkey;
alter table soundlab_pads add constraint soundlab_pads_key
  unique nulls not distinct (user_id, session_hash, preset, pad);
