import type { Queryable } from '../../db/client';

export interface DemoTrackRow {
  id: string;
  title: string;
  artist: string;
  audio_bucket: string;
  audio_key: string;
  audio_type: string;
  cover_bucket: string | null;
  cover_key: string | null;
  cover_type: string | null;
}

export function createDemoTracksRepository(db: Queryable) {
  return {
    list(limit: number): Promise<DemoTrackRow[]> {
      return db.query<DemoTrackRow>(
        `select d.id, d.title, d.artist,
                a.bucket as audio_bucket, a.storage_key as audio_key, a.content_type as audio_type,
                c.bucket as cover_bucket, c.storage_key as cover_key, c.content_type as cover_type
         from demo_tracks d
         join media_objects a on a.id = d.audio_media_id
         left join media_objects c on c.id = d.cover_media_id
         order by d.sort_order, d.created_at
         limit $1`,
        [limit],
      );
    },
  };
}
