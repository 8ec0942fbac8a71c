-- Character packs (issue 11). The tables came with 0004; this adds what training needs:
-- the artist's confirmation that the photos are of them (kept with the pack, with its time),
-- when training started, and uploaded photos waiting to be used by a pack.

alter table klang_packs
  add column consent_confirmed_at timestamptz,
  add column training_started_at timestamptz;

-- A photo belongs to the account that uploaded it until a pack takes it (klang_pack_images);
-- one left unused is discarded by a job a day after its upload.
create table klang_pack_photos (
  media_id uuid primary key references media_objects (id) on delete cascade,
  user_id uuid not null references accounts (id) on delete cascade,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
create index klang_pack_photos_user_idx on klang_pack_photos (user_id);

create index klang_pack_images_media_idx on klang_pack_images (media_id);
