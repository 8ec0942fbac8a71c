/**
 * A track's measured sound (issue 28, decisions 0260, 0264): measured from its normalised
 * rendition by `tracks.process`, or later by `tracks.measure-sound` for a track that has none;
 * the genre's energy percentiles are ranked again by `tracks.rank-energy` after each measurement.
 */
import { buffer } from 'node:stream/consumers';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { GENRE_NAMES, type Genre } from '@klang/domain';
import type { Db, Queryable } from '../../db/client';
import { enqueueJob, type JobHandler } from '../../jobs/runner';
import { createEnergyRanker } from '../../lib/sound/energy';
import { measureSoundOffThread } from '../../lib/sound/measure-off-thread';
import type { SoundFeatures } from '../../lib/sound/sound-features';
import { ANALYSIS_SAMPLE_RATE } from '../../lib/sound/spectrum';
import { decodeToMono } from '../../providers/audio/ffmpeg';
import type { StorageProvider } from '../../providers/storage/storage';
import type { TracksRepository } from './tracks.repository';

/** Measures a ready track that has no measurement yet (the backfill); media work, per artist. */
export const MEASURE_SOUND_JOB = 'tracks.measure-sound';
/** Ranks a genre's energy again after measurements; one per genre and slot. */
export const RANK_ENERGY_JOB = 'tracks.rank-energy';
/** Measurements within one slot share one ranking, run when the slot ends. */
export const RANK_ENERGY_SLOT_MS = 60_000;
/** How many unmeasured tracks one backfill request queues (the next request queues the rest). */
export const MEASURE_BACKFILL_BATCH = 200;

/** Measures an MP3 (or any audio ffmpeg reads) of a track of `genre`. */
export type MeasureAudio = (audio: Buffer, genre: string) => Promise<SoundFeatures>;

function isGenre(genre: string): genre is Genre {
  return (GENRE_NAMES as readonly string[]).includes(genre);
}

export const measureAudio: MeasureAudio = async (audio, genre) => {
  if (!isGenre(genre)) throw new Error(`no tempo range for the genre ${genre}`);
  return measureSoundOffThread(await decodeToMono(audio, ANALYSIS_SAMPLE_RATE), genre);
};

/**
 * Queues the ranking of `genre`'s energy at the end of the slot `at` falls in: every measurement
 * of the slot is ranked by that one job. In the measurement's transaction, so the job sees it.
 */
export async function requestEnergyRank(q: Queryable, genre: string, at: Date): Promise<void> {
  const slotEnd = new Date((Math.floor(at.getTime() / RANK_ENERGY_SLOT_MS) + 1) * RANK_ENERGY_SLOT_MS);
  const slot = slotEnd.toISOString();
  await enqueueJob(
    q,
    RANK_ENERGY_JOB,
    { genre },
    { runAt: slotEnd, dedupeKey: `${RANK_ENERGY_JOB}:${genre}:${slot}` },
  );
}

/**
 * The backfill's periodic request (at start, then every interval): queues a measurement for each
 * ready track not measured yet, at most MEASURE_BACKFILL_BATCH at a time. One job per track ever
 * (its dedupe key), so a track whose audio cannot be measured is tried by its job's attempts and
 * then left unmeasured, never queued again and again.
 */
export function createSoundBackfillRequest(repository: TracksRepository) {
  return async function requestSoundBackfill(q: Queryable): Promise<void> {
    for (const track of await repository.unmeasuredTracks(q, MEASURE_BACKFILL_BATCH)) {
      await enqueueJob(
        q,
        MEASURE_SOUND_JOB,
        { trackId: track.id },
        { dedupeKey: `${MEASURE_SOUND_JOB}:${track.id}`, accountId: track.artist_id },
      );
    }
  };
}

export interface SoundJobsDeps {
  db: Db;
  repository: TracksRepository;
  storage: StorageProvider;
  log: FastifyBaseLogger;
  measure?: MeasureAudio;
}

const trackPayload = z.object({ trackId: z.uuid() });

/** The `tracks.measure-sound` job: measures the rendition of a ready, unmeasured track. */
export function createMeasureSoundHandler(deps: SoundJobsDeps): JobHandler {
  const measure = deps.measure ?? measureAudio;
  return async function measureTrackSound(job) {
    const { trackId } = trackPayload.parse(job.payload);
    const track = await deps.repository.unmeasuredRendition(trackId);
    if (!track) return;
    const audio = await buffer(await deps.storage.read('renditions', track.storage_key));
    const sound = await measure(audio, track.genre);
    await recordSound(deps, trackId, track.genre, sound);
  };
}

/** Stores a measurement and queues its genre's ranking, in one transaction. */
export async function recordSound(
  deps: Pick<SoundJobsDeps, 'db' | 'repository'>,
  trackId: string,
  genre: string,
  sound: SoundFeatures,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (await deps.repository.recordSound(tx, trackId, sound)) await requestEnergyRank(tx, genre, new Date());
  });
}

const genrePayload = z.object({ genre: z.string() });

/** The `tracks.rank-energy` job: every measured track of the genre gets its energy percentile again. */
export function createRankEnergyHandler(deps: Pick<SoundJobsDeps, 'db' | 'repository'>): JobHandler {
  return async function rankEnergy(job) {
    const { genre } = genrePayload.parse(job.payload);
    const tracks = await deps.repository.genreEnergyInputs(genre);
    const rank = createEnergyRanker(tracks);
    await deps.repository.setEnergyPercentiles(
      tracks.map((t) => t.id),
      tracks.map((t) => Math.round(rank(t) * 10) / 10),
    );
  };
}
