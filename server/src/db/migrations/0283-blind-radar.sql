-- Blind Radar (issue 29, decisions 0283 to 0285): the deck learns each listener's taste from
-- their blind verdicts, over the sound alone.

-- The deck row carries the last sound feature the taste is kept over (the spectral centroid),
-- copied by the membership trigger like the others (0264), so the pick still reads only the
-- narrow deck rows until it has chosen.
alter table deck_exposure add column brightness_hz real;

create or replace function tracks_deck_membership() returns trigger language plpgsql as $$
begin
  insert into deck_exposure (track_id, in_deck, genre, bpm, key_camelot, energy, brightness_hz)
  values (
    new.id,
    new.featured_in_player and not new.is_deleted and new.status = 'ready',
    new.genre,
    coalesce(new.bpm_artist, case when new.bpm_confidence >= 0.2 then new.bpm end),
    coalesce(new.key_artist, case when new.key_confidence >= 0.3 then new.key_camelot end),
    case when new.energy_percentile * 3 < 100 then 'low'
         when new.energy_percentile * 3 < 200 then 'mid'
         when new.energy_percentile is not null then 'high' end,
    new.brightness_hz)
  on conflict (track_id) do update set
    in_deck = excluded.in_deck, genre = excluded.genre, bpm = excluded.bpm,
    key_camelot = excluded.key_camelot, energy = excluded.energy, brightness_hz = excluded.brightness_hz
  where (deck_exposure.in_deck, deck_exposure.genre, deck_exposure.bpm, deck_exposure.key_camelot,
         deck_exposure.energy, deck_exposure.brightness_hz)
    is distinct from (excluded.in_deck, excluded.genre, excluded.bpm, excluded.key_camelot,
         excluded.energy, excluded.brightness_hz);
  return null;
end;
$$;

drop trigger tracks_deck_membership on tracks;
create trigger tracks_deck_membership
after insert or update of featured_in_player, is_deleted, status, genre, bpm, bpm_confidence, key_camelot,
  key_confidence, energy_percentile, bpm_artist, key_artist, brightness_hz on tracks
for each row execute function tracks_deck_membership();

update deck_exposure x set brightness_hz = t.brightness_hz
from tracks t where t.id = x.track_id and t.brightness_hz is not null;

-- Every deal logs the policy that chose it and its propensity (decision 0284): the probability
-- that policy gave the track dealt, given the candidates it sampled, so a later policy can be
-- evaluated off-line. 'fair' is the deck without the radar (one candidate), 'radar' the taste's
-- best candidate, 'explore' the radar's uniform share. Deals before this migration have none.
alter table deals
  add column policy text,
  add column propensity real,
  add column candidates smallint,
  add constraint deals_policy_check check (policy in ('fair', 'radar', 'explore')),
  add constraint deals_propensity_check check (propensity > 0 and propensity <= 1);

-- What a listener told the deck at the door, and when they last asked it to forget their taste:
-- the taste itself is never stored, it is read from their own deals since `reset_at`.
create table listener_taste (
  user_id uuid primary key references accounts (id) on delete cascade,
  door_genres text[] not null default '{}',
  reset_at timestamptz,
  updated_at timestamptz not null default now()
);
