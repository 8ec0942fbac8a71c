-- The artist workspace (spec 001 §5, §9): upload processing state, soft delete that removes
-- the files, and per-day statistics recorded by the server for the dashboard.

-- A deleted track keeps its row (secure_delete_track is a soft delete) but loses its files, so a
-- deleted track may be 'ready' without audio; a live ready track still needs it.
alter table tracks drop constraint tracks_ready_has_audio;
alter table tracks add constraint tracks_ready_has_audio check (status <> 'ready' or audio_media_id is not null or is_deleted);

-- The rendition key is chosen before the transcode writes it and reused by a retry, so a worker
-- killed after writing the file leaves nothing behind that no row points at.
alter table tracks add column rendition_key text;
alter table tracks add constraint tracks_rendition_key_check check (rendition_key is null or rendition_key ~ '^[a-z0-9-]+/[A-Za-z0-9_-]{16,}(\.[a-z0-9]{2,4})?$');

-- Plays, likes, dislikes and library adds per track and UTC day. A trigger on the counters fills it,
-- so every path that changes a counter (player, library, deletes) is recorded once, by the server.
create table track_daily_stats (
  track_id uuid not null references tracks (id) on delete cascade,
  day date not null,
  plays integer not null default 0,
  likes integer not null default 0,
  dislikes integer not null default 0,
  library_adds integer not null default 0,
  primary key (track_id, day)
);

create function record_track_daily_stats() returns trigger language plpgsql as $$
begin
  if new.is_deleted then
    return new;
  end if;
  insert into track_daily_stats as s (track_id, day, plays, likes, dislikes, library_adds)
  values (new.id, (now() at time zone 'utc')::date, new.play_count - old.play_count, new.likes - old.likes,
          new.dislikes - old.dislikes, new.added_to_library - old.added_to_library)
  on conflict (track_id, day) do update set
    plays = s.plays + excluded.plays,
    likes = s.likes + excluded.likes,
    dislikes = s.dislikes + excluded.dislikes,
    library_adds = s.library_adds + excluded.library_adds;
  return new;
end;
$$;

create trigger tracks_record_daily_stats after update of play_count, likes, dislikes, added_to_library on tracks
  for each row
  when (new.play_count <> old.play_count or new.likes <> old.likes or new.dislikes <> old.dislikes
        or new.added_to_library <> old.added_to_library)
  execute function record_track_daily_stats();
