import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerJobs } from '../../jobs/registry';
import type { KlangPacksProvider } from '../../providers/klang-packs/klang-packs';
import type { StorageProvider } from '../../providers/storage/storage';
import type { KitService } from '../kit/kit.service';
import { createPackJobKinds } from './klang-packs.jobs';
import { createKlangPacksRepository } from './klang-packs.repository';
import { klangPacksRoutes } from './klang-packs.routes';
import { createKlangPacksService } from './klang-packs.service';
import { replicateWebhookRoutes } from './replicate-webhook.routes';

/** A training still running after an hour has failed (spec 002 §9: it takes 2-5 minutes). */
const GIVE_UP_AFTER_MS = 60 * 60_000;

export interface KlangPacksModuleDeps {
  db: Db;
  storage: StorageProvider;
  engine: KlangPacksProvider;
  kit: KitService;
  /** How long to wait between two status checks of a training (PACK_CHECK_SECONDS). */
  checkIntervalMs: number;
  /** Replicate's webhook secret; without one, the webhook route is not found and checks only poll. */
  replicateWebhookSecret?: string | undefined;
}

/**
 * The character packs: photo upload, training, press-shot generation (decision 0060), the
 * train, check and photo-discard jobs, and the Replicate webhook when Replicate is configured.
 */
export async function registerKlangPacks(app: FastifyInstance, deps: KlangPacksModuleDeps): Promise<void> {
  const { storage, engine } = deps;
  const repository = createKlangPacksRepository(deps.db);
  await app.register(klangPacksRoutes, {
    service: createKlangPacksService({ repository, storage, engine, kit: deps.kit, log: app.log }),
  });
  await app.register(replicateWebhookRoutes, { secret: deps.replicateWebhookSecret, repository });
  registerJobs(app, {
    kinds: createPackJobKinds({
      repository,
      storage,
      engine,
      checkIntervalMs: deps.checkIntervalMs,
      giveUpAfterMs: GIVE_UP_AFTER_MS,
      log: app.log,
    }),
  });
}
