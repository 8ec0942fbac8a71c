import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { TRACK_MESSAGES } from '@klang/domain';
import type { Db } from '../../db/client';
import type { JobKind } from '../../jobs/lanes';
import type { Job, JobHandler } from '../../jobs/runner';
import { BUCKETS, newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import type { SoundFeatures } from '../../lib/sound/sound-features';
import { RefusedUploadError, transcodeToRendition, type Rendition } from '../../lib/sound/audio-transcode';
import {
  createMeasureSoundHandler,
  createRankEnergyHandler,
  createSoundBackfillRequest,
  MEASURE_SOUND_JOB,
  measureAudio,
  RANK_ENERGY_JOB,
  requestEnergyRank,
  type MeasureAudio,
} from './track-sound';
import type { TracksRepository } from './tracks.repository';

/** Transcodes an upload into the rendition listeners hear; queued with the track's row. */
export const PROCESS_TRACK_JOB = 'tracks.process';
/** Deletes a stored file no track has claimed; queued before the file is stored. */
export const DISCARD_UNCLAIMED_JOB = 'tracks.discard-unclaimed';
/** An upload still unrecorded after this long was cut off (a crash, a closed tab): its file goes. */
export const UPLOAD_CLAIM_MS = 60 * 60_000;
/** A cover no track has taken after a day was abandoned with its upload form. */
export const COVER_CLAIM_MS = 24 * 60 * 60_000;

export interface TracksJobsDeps {
  db: Db;
  repository: TracksRepository;
  storage: StorageProvider;
  log: FastifyBaseLogger;
}

/**
 * The tracks area's background work by kind, for `registerJobs`: transcodes and measurements are
 * media work, shared between artists by the lane.
 */
export function createTracksJobKinds(deps: TracksJobsDeps): Record<string, JobKind> {
  return {
    [PROCESS_TRACK_JOB]: { lane: 'media', run: createProcessTrackHandler(deps) },
    [DISCARD_UNCLAIMED_JOB]: { lane: 'short', run: createDiscardUnclaimedHandler(deps) },
    [MEASURE_SOUND_JOB]: { lane: 'media', run: createMeasureSoundHandler(deps) },
    [RANK_ENERGY_JOB]: { lane: 'short', run: createRankEnergyHandler(deps) },
  };
}

/** The tracks area's periodic requests: the sound backfill, at start and every interval. */
export function createTracksJobRequests(deps: Pick<TracksJobsDeps, 'repository'>) {
  return { 'sound backfill': createSoundBackfillRequest(deps.repository) };
}

const processPayload = z.object({ trackId: z.uuid() });

export interface ProcessTrackDeps extends TracksJobsDeps {
  /** Tests stand in for a crash between steps; production passes nothing. */
  afterRenditionStored?: (trackId: string) => Promise<void>;
  transcode?: (input: string, output: string) => Promise<Rendition>;
  measure?: MeasureAudio;
}

/**
 * The `tracks.process` job: check and measure the upload, write the one rendition listeners
 * hear, measure its sound (decision 0264), then mark the track ready in the same transaction that
 * records the rendition and the sound. A sound that cannot be measured never fails the upload:
 * the track is ready unmeasured, the log says why, and the backfill tries again. An upload
 * the check refuses (not audio, too long, too short, cut off) fails with the artist's reason and
 * its file is deleted, so it takes no upload slot (decision 0250). Safe to
 * run twice: the rendition key is reserved on the row before anything is written, so a worker
 * killed half-way is followed by a rerun that overwrites the same object, and a track deleted
 * meanwhile gets its rendition removed rather than left behind.
 */
export function createProcessTrackHandler(deps: ProcessTrackDeps): JobHandler {
  const { db, repository, storage, log } = deps;
  const transcode = deps.transcode ?? transcodeToRendition;
  const measure = deps.measure ?? measureAudio;

  async function measureOrNothing(
    trackId: string,
    file: string,
    genre: string,
  ): Promise<SoundFeatures | null> {
    try {
      return await measure(await readFile(file), genre);
    } catch (error) {
      log.warn({ trackId, err: error }, 'sound not measured: the track is ready without it');
      return null;
    }
  }

  return async function processTrack(job: Job) {
    const { trackId } = processPayload.parse(job.payload);
    const track = await repository.processingState(trackId);
    if (!track || track.is_deleted || track.status !== 'processing' || !track.source_key) return;
    const renditionKey = await repository.reserveRenditionKey(trackId, newStorageKey('mp3'));

    const work = await mkdtemp(path.join(tmpdir(), 'klang-track-'));
    try {
      const input = path.join(work, 'source');
      const output = path.join(work, 'rendition.mp3');
      await pipeline(await storage.read('tracks', track.source_key), createWriteStream(input));
      let rendition: Rendition;
      try {
        rendition = await transcode(input, output);
      } catch (error) {
        if (error instanceof RefusedUploadError) {
          log.info({ trackId, reason: error.message }, 'upload refused');
          const sourceKey = await repository.refuse(db, trackId, error.reason);
          if (sourceKey) await storage.delete('tracks', sourceKey);
          return;
        }
        if (job.attempts >= job.maxAttempts)
          await repository.markFailed(trackId, TRACK_MESSAGES.processingFailed);
        throw error;
      }

      const stored = await storage.put('renditions', renditionKey, createReadStream(output), {
        contentType: 'audio/mpeg',
      });
      await deps.afterRenditionStored?.(trackId);
      const sound = await measureOrNothing(trackId, output, track.genre);
      const isReady = await db.transaction(async (tx) => {
        const audioId = await repository.insertMedia(tx, {
          bucket: 'renditions',
          storageKey: renditionKey,
          contentType: 'audio/mpeg',
          ownerId: track.artist_id,
          ...stored,
        });
        const ready = await repository.markReady(tx, trackId, {
          audioId,
          durationMs: rendition.durationMs,
          peaks: rendition.peaks,
        });
        if (ready && sound && (await repository.recordSound(tx, trackId, sound)))
          await requestEnergyRank(tx, track.genre, new Date());
        return ready;
      });
      if (!isReady) {
        // Deleted (or failed) while we worked: nothing may keep the file alive, so it goes.
        await repository.forgetMedia('renditions', renditionKey);
        await storage.delete('renditions', renditionKey);
      }
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  };
}

const discardPayload = z.object({ bucket: z.enum(BUCKETS), key: z.string() });

/**
 * The `tracks.discard-unclaimed` job, due once its claim time has passed: deletes the file and
 * its media row unless a track uses them by then. So a process killed between storing an upload
 * and recording its track, or a cover stored for a form that was never sent, leaves nothing.
 */
export function createDiscardUnclaimedHandler(deps: {
  repository: TracksRepository;
  storage: StorageProvider;
}): JobHandler {
  return async function discardUnclaimed(job) {
    const { bucket, key } = discardPayload.parse(job.payload);
    if (await deps.repository.isClaimed(bucket, key)) return;
    await deps.repository.forgetMedia(bucket, key);
    await deps.storage.delete(bucket, key);
  };
}
