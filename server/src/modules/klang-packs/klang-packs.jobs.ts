import { z } from 'zod';
import type { JobKind } from '../../jobs/lanes';
import { enqueueJob, type JobHandler } from '../../jobs/runner';
import type { KlangPacksProvider } from '../../providers/klang-packs/klang-packs';
import type { StorageProvider } from '../../providers/storage/storage';
import type { KlangPacksRepository } from './klang-packs.repository';

/** Hands a pack's photos to the engine; queued when the owner starts a training. */
export const TRAIN_PACK_JOB = 'klang-packs.train';
/** Asks the engine how a training stands, again and again until it ends. */
export const CHECK_PACK_JOB = 'klang-packs.check';
/** Deletes an uploaded photo that no pack took by its claim time; queued with the upload. */
export const DISCARD_PACK_PHOTO_JOB = 'klang-packs.discard-photo';
/** A photo no pack took within a day was left behind by an abandoned selection. */
export const PHOTO_CLAIM_MS = 24 * 60 * 60_000;

export interface PackJobsDeps {
  repository: KlangPacksRepository;
  storage: StorageProvider;
  engine: KlangPacksProvider;
  /** How long to wait between two status checks of a training. */
  checkIntervalMs: number;
  /** A training still running after this long has failed (spec 002 §9: it takes 2-5 minutes). */
  giveUpAfterMs: number;
  log: { warn(details: object, message: string): void };
  /** What time it is for the give-up rule and the next check; the real clock by default. */
  clock?: () => Date;
}

const packPayload = z.object({ packId: z.uuid() });
const photoPayload = z.object({ photoId: z.uuid() });

/**
 * The training flow as durable jobs: `train` hands the photos to the engine, `check` asks how
 * the training stands and schedules itself again until the pack is ready or has failed. A
 * provider webhook only schedules a `check` early. Both are idempotent: a pack out of training
 * is left alone.
 */
export function createPackJobKinds(deps: PackJobsDeps): Record<string, JobKind> {
  const { repository, engine } = deps;
  const now = deps.clock ?? (() => new Date());

  async function scheduleCheck(packId: string, delayMs: number) {
    await enqueueJob(
      repository.db,
      CHECK_PACK_JOB,
      { packId },
      { runAt: new Date(now().getTime() + delayMs) },
    );
  }

  async function fail(packId: string, reason: string) {
    deps.log.warn({ packId, engine: engine.name, reason }, 'pack training failed');
    await repository.finishTraining(packId, 'error', reason.slice(0, 500));
  }

  const train: JobHandler = async (job) => {
    const { packId } = packPayload.parse(job.payload);
    const pack = await repository.findPack(packId);
    if (pack?.status !== 'training') return;
    if (!pack.provider_model_id) {
      try {
        const { modelId } = await engine.startTraining(
          { packId, photoKeys: await repository.photoKeys(packId) },
          AbortSignal.timeout(5 * 60_000),
        );
        if (!(await repository.markTrainingStarted(packId, modelId))) {
          // The artist deleted the pack while its photos were being handed over: drop the model too.
          await engine.deleteModel(modelId);
          return;
        }
      } catch (error) {
        // A passing outage gets the runner's retries; the last attempt settles it for the user.
        if (job.attempts < job.maxAttempts) throw error;
        await fail(packId, error instanceof Error ? error.message : String(error));
        return;
      }
    }
    await scheduleCheck(packId, deps.checkIntervalMs);
  };

  const check: JobHandler = async (job) => {
    const { packId } = packPayload.parse(job.payload);
    const pack = await repository.findPack(packId);
    if (pack?.status !== 'training' || !pack.provider_model_id) return;
    const state = await engine.checkTraining(pack.provider_model_id, AbortSignal.timeout(30_000));
    if (state.state === 'ready') await repository.finishTraining(packId, 'ready', null);
    else if (state.state === 'error') await fail(packId, state.reason);
    else if (now().getTime() - (pack.training_started_at ?? pack.created_at).getTime() > deps.giveUpAfterMs) {
      await fail(packId, 'the training took too long');
    } else await scheduleCheck(packId, deps.checkIntervalMs);
  };

  const discardPhoto: JobHandler = async (job) => {
    const { photoId } = photoPayload.parse(job.payload);
    const key = await repository.forgetFreePhoto(photoId);
    if (key) await deps.storage.delete('artist-packs', key);
  };

  // Training decodes every photo (local engine): media work, shared between accounts.
  return {
    [TRAIN_PACK_JOB]: { lane: 'media', run: train },
    [CHECK_PACK_JOB]: { lane: 'short', run: check },
    [DISCARD_PACK_PHOTO_JOB]: { lane: 'short', run: discardPhoto },
  };
}

/** A webhook told us a training moved: check it now rather than at the next scheduled check. */
export async function checkPackSoon(repository: KlangPacksRepository, provider: string, modelId: string) {
  const pack = await repository.findPackByModel(provider, modelId);
  if (pack?.status === 'training') await enqueueJob(repository.db, CHECK_PACK_JOB, { packId: pack.id });
  return pack !== undefined;
}
