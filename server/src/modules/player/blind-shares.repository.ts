import type { Queryable } from '../../db/client';
import type { Bucket } from '../../providers/storage/storage';
import { DEALT_DURATION, type Dealt } from './player.repository';

/** A share link's track while the link is open: in the deck (featured, ready, not deleted). */
export interface OpenShare {
  track_id: string;
  artist_id: string;
  duration_ms: number | null;
}

/** What a share's preview is cut from: the track's rendition, its length and its loudness. */
export interface PreviewSource {
  bucket: Bucket;
  storage_key: string;
  content_type: string;
  byte_size: string | number;
  duration_ms: number | null;
  /** The rendition's waveform peaks (jsonb): where the track is fullest. */
  peaks: unknown;
}

/** The SQL of blind shares (decision 0307). */
export function createBlindSharesRepository(db: Queryable) {
  return {
    /**
     * The user's share of `trackId`, made with `token` unless they shared it before (`isNew`
     * says which); undefined when the user neither liked the track nor made it, or the track is
     * out of the deck.
     */
    async share(
      userId: string,
      trackId: string,
      token: string,
    ): Promise<{ token: string; isNew: boolean } | undefined> {
      const rows = await db.query<{ token: string; is_new: boolean }>(
        `with shareable as (
           select t.id from tracks t join deck_exposure x on x.track_id = t.id
           where t.id = $2 and x.in_deck
             and (t.artist_id = $1 or exists (
               select 1 from track_interactions i
               where i.user_id = $1 and i.track_id = t.id and i.interaction_type = 'like'))),
         made as (
           insert into shares (token, track_id, sharer_id)
           select $3, id, $1 from shareable
           on conflict (sharer_id, track_id) do nothing
           returning token)
         select token, true as is_new from made
         union all
         select s.token, false from shares s join shareable on shareable.id = s.track_id where s.sharer_id = $1
         limit 1`,
        [userId, trackId, token],
      );
      const row = rows[0];
      return row && { token: row.token, isNew: row.is_new };
    },

    /** The track a share link opens, while it is in the deck; undefined for an expired or unknown link. */
    async open(token: string): Promise<OpenShare | undefined> {
      const rows = await db.query<OpenShare>(
        `select t.id as track_id, t.artist_id, t.duration_ms
         from shares s join tracks t on t.id = s.track_id join deck_exposure x on x.track_id = t.id
         where s.token = $1 and x.in_deck`,
        [token],
      );
      return rows[0];
    },

    /**
     * The rendition a share link's preview is cut from, while the link is open (decision 0308):
     * the track's own audio, never an A/B test's other version.
     */
    async previewSource(token: string): Promise<PreviewSource | undefined> {
      const rows = await db.query<PreviewSource>(
        `select m.bucket, m.storage_key, m.content_type, m.byte_size, t.duration_ms, t.peaks
         from shares s join tracks t on t.id = s.track_id join deck_exposure x on x.track_id = t.id
         join media_objects m on m.id = t.audio_media_id
         where s.token = $1 and x.in_deck`,
        [token],
      );
      return rows[0];
    },

    /**
     * Deals a shared track to the user (decision 0307): a deal marked `share`, outside the deck's
     * exposure (the insert trigger's condition) and the verdict, and whether it is their first
     * deal ever (decision 0309); undefined when the track left the deck meanwhile.
     */
    async deal(
      userId: string,
      trackId: string,
      dealtAt: Date,
    ): Promise<(Dealt & { isFirstDeal: boolean }) | undefined> {
      // The statement's snapshot is from before its insert: `is_first` sees only earlier deals.
      const rows = await db.query<{ alias: string; duration_ms: number | null; is_first: boolean }>(
        `with dealt as (
           insert into deals (user_id, track_id, dealt_at, origin)
           select $1, x.track_id, $3, 'share' from deck_exposure x
           where x.track_id = $2 and x.in_deck
           returning id, track_id, ab_test_id, ab_version)
         select dealt.id as alias, ${DEALT_DURATION},
           not exists (select 1 from deals d where d.user_id = $1)
             and not exists (select 1 from listener_tracks l where l.user_id = $1) as is_first
         from dealt join tracks t on t.id = dealt.track_id`,
        [userId, trackId, dealtAt],
      );
      const row = rows[0];
      return row && { alias: row.alias, durationMs: row.duration_ms, isFirstDeal: row.is_first };
    },
  };
}
