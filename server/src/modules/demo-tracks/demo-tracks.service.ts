import { DEMO_PLAYER_MESSAGES, LIMITS, type DemoTrack, type DemoTrackReveal } from '@klang/domain';
import { AppError } from '../../errors';
import type { Bucket, StorageProvider } from '../../providers/storage/storage';
import type { createDemoTracksRepository } from './demo-tracks.repository';

/** Long enough to hear a demo track through twice; the player asks again after that. */
const URL_SECONDS = 1800;

/**
 * The landing page's demo player (spec 000 §4, §7 'Select demo_tracks ... limit 50'). It plays
 * blind like the real player: the list carries audio only, under opaque storage keys, and a
 * track's title, artist and cover come from `reveal`, which the page calls when the visitor
 * presses like. Demo tracks are shown to anyone who likes them, so nothing else is asked.
 */
export function createDemoTracksService(deps: {
  repository: ReturnType<typeof createDemoTracksRepository>;
  storage: StorageProvider;
}) {
  return {
    async list(): Promise<DemoTrack[]> {
      const rows = await deps.repository.list(LIMITS.demoTrackFetchLimit);
      return Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          audioUrl: await deps.storage.signedUrl(row.audio_bucket as Bucket, row.audio_key, {
            expiresInSeconds: URL_SECONDS,
            contentType: row.audio_type,
          }),
        })),
      );
    },

    async reveal(id: string): Promise<DemoTrackReveal> {
      const row = await deps.repository.reveal(id);
      if (!row) throw new AppError('NOT_FOUND', DEMO_PLAYER_MESSAGES.trackFailed);
      return {
        id: row.id,
        title: row.title,
        artist: row.artist,
        coverUrl:
          row.cover_bucket && row.cover_key
            ? await deps.storage.signedUrl(row.cover_bucket as Bucket, row.cover_key, {
                expiresInSeconds: URL_SECONDS,
                ...(row.cover_type && { contentType: row.cover_type }),
              })
            : null,
      };
    },
  };
}
