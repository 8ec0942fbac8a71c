import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { TRACK_MESSAGES } from '@klang/domain';
import type { Db } from '../../db/client';
import type { Job, JobHandler } from '../../jobs/runner';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import { NotAudioError, transcodeToRendition, type Rendition } from './audio-transcode';
import type { TracksRepository } from './tracks.repository';

const payloadSchema = z.object({ trackId: z.uuid() });

export interface ProcessTrackDeps {
  db: Db;
  repository: TracksRepository;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  /** Tests stand in for a crash between steps; production passes nothing. */
  afterRenditionStored?: (trackId: string) => Promise<void>;
  transcode?: (input: string, output: string) => Promise<Rendition>;
}

/**
 * The `tracks.process` job: decode and measure the upload, write the one rendition listeners
 * hear, then mark the track ready in the same transaction that records the rendition. Safe to
 * run twice: the rendition key is reserved on the row before anything is written, so a worker
 * killed half-way is followed by a rerun that overwrites the same object, and a track deleted
 * meanwhile gets its rendition removed rather than left behind.
 */
export function createProcessTrackHandler(deps: ProcessTrackDeps): JobHandler {
  const { db, repository, storage, log } = deps;
  const transcode = deps.transcode ?? transcodeToRendition;

  return async function processTrack(job: Job) {
    const { trackId } = payloadSchema.parse(job.payload);
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
        if (error instanceof NotAudioError) {
          log.info({ trackId, reason: error.message }, 'upload is not audio');
          await repository.markFailed(trackId, TRACK_MESSAGES.audioInvalid);
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
      const isReady = await db.transaction(async (tx) => {
        const audioId = await repository.insertMedia(tx, {
          bucket: 'renditions',
          storageKey: renditionKey,
          contentType: 'audio/mpeg',
          ownerId: track.artist_id,
          ...stored,
        });
        return repository.markReady(tx, trackId, {
          audioId,
          durationMs: rendition.durationMs,
          peaks: rendition.peaks,
        });
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
