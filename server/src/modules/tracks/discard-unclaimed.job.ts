import { z } from 'zod';
import type { JobHandler } from '../../jobs/runner';
import { BUCKETS, type StorageProvider } from '../../providers/storage/storage';
import type { TracksRepository } from './tracks.repository';

export const DISCARD_UNCLAIMED_JOB = 'tracks.discard-unclaimed';
/** An upload still unrecorded after this long was cut off (a crash, a closed tab): its file goes. */
export const UPLOAD_CLAIM_MS = 60 * 60_000;
/** A cover no track has taken after a day was abandoned with its upload form. */
export const COVER_CLAIM_MS = 24 * 60 * 60_000;

const payloadSchema = z.object({ bucket: z.enum(BUCKETS), key: z.string() });

/**
 * Enqueued before a file is stored, to run once its claim time has passed: deletes the file and
 * its media row unless a track uses them by then. So a process killed between storing an upload
 * and recording its track, or a cover stored for a form that was never sent, leaves nothing.
 */
export function createDiscardUnclaimedHandler(deps: {
  repository: TracksRepository;
  storage: StorageProvider;
}): JobHandler {
  return async function discardUnclaimed(job) {
    const { bucket, key } = payloadSchema.parse(job.payload);
    if (await deps.repository.isClaimed(bucket, key)) return;
    await deps.repository.forgetMedia(bucket, key);
    await deps.storage.delete(bucket, key);
  };
}
