-- The deck's sound filters (issue 28, decision 0266): each deck row carries what a filter or mix
-- mode compares, copied from `tracks` by the membership trigger, so the pick still reads only
-- the narrow deck rows until it has chosen (decision 0201).
--
-- `bpm` and `key_camelot` are the effective ones (decision 0265, `effectiveBpm`/`effectiveKey`
-- in domain): the artist's where given, else the measured one unless its confidence is what
-- noise earns (tempo under 0.2, key under 0.3: `SOUND_CONFIDENCE` in domain, kept in step here).
-- `energy` is the percentile's third (`energyBand` in domain).
alter table deck_exposure
  add column genre text,
  add column bpm real,
  add column key_camelot text,
  add column energy text;

create or replace function tracks_deck_membership() returns trigger language plpgsql as $$
begin
  insert into deck_exposure (track_id, in_deck, genre, bpm, key_camelot, energy)
  values (
    new.id,
    new.featured_in_player and not new.is_deleted and new.status = 'ready',
    new.genre,
    coalesce(new.bpm_artist, case when new.bpm_confidence >= 0.2 then new.bpm end),
    coalesce(new.key_artist, case when new.key_confidence >= 0.3 then new.key_camelot end),
    case when new.energy_percentile * 3 < 100 then 'low'
         when new.energy_percentile * 3 < 200 then 'mid'
         when new.energy_percentile is not null then 'high' end)
  on conflict (track_id) do update set
    in_deck = excluded.in_deck, genre = excluded.genre, bpm = excluded.bpm,
    key_camelot = excluded.key_camelot, energy = excluded.energy
  where (deck_exposure.in_deck, deck_exposure.genre, deck_exposure.bpm, deck_exposure.key_camelot, deck_exposure.energy)
    is distinct from (excluded.in_deck, excluded.genre, excluded.bpm, excluded.key_camelot, excluded.energy);
  return null;
end;
$$;

drop trigger tracks_deck_membership on tracks;
create trigger tracks_deck_membership
after insert or update of featured_in_player, is_deleted, status, genre, bpm, bpm_confidence, key_camelot,
  key_confidence, energy_percentile, bpm_artist, key_artist on tracks
for each row execute function tracks_deck_membership();

update deck_exposure x set genre = t.genre from tracks t where t.id = x.track_id;
