-- A track's measured sound (issue 28, decisions 0260, 0261, 0264) and its artist's corrections.

-- Measured by the `tracks.process` job from the normalised rendition, or by the backfill
-- (`tracks.measure-sound`) for a track that has none: all null until `sound_measured_at` is set.
-- A measured track may still have no tempo (silence, a held tone): `bpm` stays null.
alter table tracks
  add column bpm real,
  add column bpm_confidence real,
  add column key_camelot text,
  add column key_confidence real,
  add column energy_rms_db real,
  add column loudness_range_db real,
  add column onsets_per_second real,
  add column brightness_hz real,
  -- The energy's rank within the genre's measured tracks, 0..100 (`tracks.rank-energy`).
  add column energy_percentile real,
  add column sound_measured_at timestamptz,
  -- The artist's own tempo and key; null is not given (the measured one applies).
  add column bpm_artist real,
  add column key_artist text,
  add constraint tracks_bpm_confidence_check check (bpm_confidence between 0 and 1),
  add constraint tracks_key_confidence_check check (key_confidence between 0 and 1),
  add constraint tracks_key_camelot_check check (key_camelot ~ '^([1-9]|1[0-2])[AB]$'),
  add constraint tracks_energy_percentile_check check (energy_percentile between 0 and 100),
  add constraint tracks_bpm_artist_check check (bpm_artist between 40 and 220),
  add constraint tracks_key_artist_check check (key_artist ~ '^([1-9]|1[0-2])[AB]$');

-- The backfill's scan: ready tracks not measured yet.
create index tracks_unmeasured_idx on tracks (uploaded_at)
  where sound_measured_at is null and status = 'ready' and not is_deleted;
