import { maybeOne, type Queryable } from '../../db/client';

export interface DemoAudioRow {
  id: string;
  audio_bucket: string;
  audio_key: string;
  audio_type: string;
}

export interface DemoRevealRow {
  id: string;
  title: string;
  artist: string;
  cover_bucket: string | null;
  cover_key: string | null;
  cover_type: string | null;
}

export function createDemoTracksRepository(db: Queryable) {
  return {
    /** The audio of each demo track, and nothing that names it. */
    list(limit: number): Promise<DemoAudioRow[]> {
      return db.query<DemoAudioRow>(
        `select d.id, a.bucket as audio_bucket, a.storage_key as audio_key, a.content_type as audio_type
         from demo_tracks d
         join media_objects a on a.id = d.audio_media_id
         order by d.sort_order, d.created_at
         limit $1`,
        [limit],
      );
    },

    reveal(id: string): Promise<DemoRevealRow | undefined> {
      return maybeOne<DemoRevealRow>(
        db,
        `select d.id, d.title, d.artist,
                c.bucket as cover_bucket, c.storage_key as cover_key, c.content_type as cover_type
         from demo_tracks d
         left join media_objects c on c.id = d.cover_media_id
         where d.id = $1`,
        [id],
      );
    },
  };
}
