import { LIMITS, type DemoTrack } from '@klang/domain';
import type { Bucket, StorageProvider } from '../../providers/storage/storage';
import type { createDemoTracksRepository } from './demo-tracks.repository';

/** Long enough to hear a demo track through twice; the player asks again after that. */
const URL_SECONDS = 1800;

/**
 * The landing page's demo player (spec 000 §4, §7 'Select demo_tracks ... limit 50'). Demo tracks
 * are public by design, unlike the blind catalogue, so their names travel with the audio.
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
          title: row.title,
          artist: row.artist,
          audioUrl: await deps.storage.signedUrl(row.audio_bucket as Bucket, row.audio_key, {
            expiresInSeconds: URL_SECONDS,
            contentType: row.audio_type,
          }),
          coverUrl:
            row.cover_bucket && row.cover_key
              ? await deps.storage.signedUrl(row.cover_bucket as Bucket, row.cover_key, {
                  expiresInSeconds: URL_SECONDS,
                  ...(row.cover_type && { contentType: row.cover_type }),
                })
              : null,
        })),
      );
    },
  };
}
