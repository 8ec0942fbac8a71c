-- SoundLab has four presets: control pads 1 to 4 each select one (spec 002 §4), and their labels,
-- renamed inline, are the presets' names. 0004 allowed three; pads keep their table.
alter table soundlab_pads drop constraint soundlab_pads_preset_check;
alter table soundlab_pads add constraint soundlab_pads_preset_check check (preset between 1 and 4);

create table soundlab_presets (
  user_id uuid not null references accounts (id) on delete cascade,
  preset smallint not null,
  name text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, preset),
  constraint soundlab_presets_preset_check check (preset between 1 and 4),
  constraint soundlab_presets_name_check check (char_length(btrim(name)) between 1 and 60)
);
