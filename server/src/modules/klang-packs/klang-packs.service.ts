import { randomInt } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import {
  ACCOUNT_MESSAGES,
  fillPath,
  klangPacksEndpoints,
  PACK_MESSAGES as M,
  PACK_PHOTO_PATH,
  PACKS,
  type GeneratePackImageRequest,
  type Pack,
  type PackPhoto,
  type PackResult,
  type TrainPackRequest,
} from '@klang/domain';
import { AppError } from '../../errors';
import { enqueueJob } from '../../jobs/runner';
import type { SessionAccount } from '../../plugins/session';
import type { KlangPacksProvider } from '../../providers/klang-packs/klang-packs';
import { newStorageKey, type StorageProvider } from '../../providers/storage/storage';
import type { KitService } from '../kit/kit.service';
import { DISCARD_PACK_PHOTO_JOB, PHOTO_CLAIM_MS, TRAIN_PACK_JOB } from './klang-packs.jobs';
import type { KlangPacksRepository, PackRow, ResultRow } from './klang-packs.repository';

/** Stored photos are re-encoded no larger than this: enough for a press shot, no camera metadata. */
const PHOTO_MAX_PIXELS = 1600;
const URL_SECONDS = 3600;

export interface KlangPacksServiceDeps {
  repository: KlangPacksRepository;
  storage: StorageProvider;
  engine: KlangPacksProvider;
  kit: Pick<KitService, 'assertAllowed'>;
  log: { warn(details: object, message: string): void };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The photo id a URL from the photo upload names, or undefined for any other URL. */
export function photoIdFromUrl(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://klang.invalid').pathname;
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(PACK_PHOTO_PATH)) return undefined;
  const id = pathname.slice(PACK_PHOTO_PATH.length);
  return UUID.test(id) ? id.toLowerCase() : undefined;
}

/** Character packs (spec 002 §2.6, §4 to §7): upload, train, generate, and the owner's reads and deletes. */
export function createKlangPacksService(deps: KlangPacksServiceDeps) {
  const { repository, storage, engine } = deps;
  const { db } = repository;

  function signed(bucket: 'artist-packs' | 'pack-results', key: string) {
    return storage.signedUrl(bucket, key, { expiresInSeconds: URL_SECONDS, contentType: 'image/jpeg' });
  }

  async function toPack(row: PackRow): Promise<Pack> {
    return {
      id: row.id,
      user_id: row.user_id,
      name: row.name,
      status: row.status,
      preview_image_url: row.preview_key ? await signed('artist-packs', row.preview_key) : null,
      created_at: row.created_at.toISOString(),
    };
  }

  async function toResult(row: ResultRow, key: string | null): Promise<PackResult> {
    return {
      id: row.id,
      user_id: row.user_id,
      pack_id: row.pack_id,
      prompt: row.prompt,
      image_url: key ? await signed('pack-results', key) : '',
      created_at: row.created_at.toISOString(),
    };
  }

  /** Training and generation are Kit tools; the pack's first step is an upload (spec 002 §5 gate). */
  async function assertMayCreate(account: SessionAccount | null): Promise<SessionAccount> {
    return deps.kit.assertAllowed(account, 'klang-pack');
  }

  function assertSelf(account: SessionAccount, userId: string) {
    if (userId !== account.id) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.notYourAccount);
  }

  async function ownPack(account: SessionAccount, packId: string): Promise<PackRow> {
    const pack = await repository.findPack(packId, account.id);
    // Another user's pack answers exactly like a missing one: its existence is not disclosed.
    if (!pack) throw new AppError('NOT_FOUND', M.generateFailed);
    return pack;
  }

  return {
    /**
     * Stores one training photo: JPEG or PNG up to 5 MB that really decodes (spec 002 §5,
     * product-decisions.md Uploads), re-encoded as JPEG, which also drops its EXIF (location, camera).
     */
    async uploadPhoto(account: SessionAccount | null, bytes: Buffer): Promise<PackPhoto> {
      const { id: userId } = await assertMayCreate(account);
      if (bytes.length > PACKS.imageMaxBytes) throw new AppError('PAYLOAD_TOO_LARGE', M.photoTooLarge);
      let jpeg: { data: Buffer; info: OutputInfo };
      try {
        const image = sharp(bytes, { limitInputPixels: 40_000_000, failOn: 'error' });
        const { format } = await image.metadata();
        if (format !== 'jpeg' && format !== 'png') throw new Error(`photo format ${format}`);
        jpeg = await image
          .rotate()
          .resize(PHOTO_MAX_PIXELS, PHOTO_MAX_PIXELS, { fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 90, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.photoInvalid);
      }
      const key = newStorageKey('jpg');
      const stored = await storage.put('artist-packs', key, jpeg.data, { contentType: 'image/jpeg' });
      try {
        const photoId = await db.transaction(async (tx) => {
          const mediaId = await repository.insertMedia(tx, userId, {
            bucket: 'artist-packs',
            storageKey: key,
            ...stored,
          });
          await repository.insertPhoto(tx, userId, mediaId, jpeg.info);
          await enqueueJob(
            tx,
            DISCARD_PACK_PHOTO_JOB,
            { photoId: mediaId },
            {
              runAt: new Date(Date.now() + PHOTO_CLAIM_MS),
            },
          );
          return mediaId;
        });
        return { photo_id: photoId, url: fillPath(klangPacksEndpoints.packPhoto.path, { photoId }) };
      } catch (error) {
        await storage.delete('artist-packs', key).catch(() => undefined);
        throw error;
      }
    },

    /** A short-lived URL of the user's own photo; anyone else's is not found. */
    async photoUrl(account: SessionAccount, photoId: string): Promise<string> {
      const key = await repository.findPhotoKey(account.id, photoId);
      if (!key) throw new AppError('NOT_FOUND', M.photosNotFound);
      return signed('artist-packs', key);
    },

    /**
     * Spec 002 §7 train-klang-pack: 20 to 70 of the user's own unused photos, a name and the
     * consent; the pack starts training in a job, so the answer comes at once.
     */
    async train(account: SessionAccount | null, body: TrainPackRequest): Promise<{ pack_id: string }> {
      const user = await assertMayCreate(account);
      assertSelf(user, body.user_id);
      const ids = body.image_urls.map(photoIdFromUrl);
      const unique = [...new Set(ids)];
      if (unique.some((id) => id === undefined)) throw new AppError('VALIDATION_FAILED', M.photosNotFound);
      const photoIds = unique as string[];
      if (photoIds.length < PACKS.imagesMin) throw new AppError('VALIDATION_FAILED', M.minImages);
      const previewId = photoIdFromUrl(body.preview_image_url);
      if (!previewId || !photoIds.includes(previewId))
        throw new AppError('VALIDATION_FAILED', M.photosNotFound);
      return db.transaction(async (tx) => {
        const free = await repository.findFreePhotos(tx, user.id, photoIds);
        if (free.length !== photoIds.length) throw new AppError('VALIDATION_FAILED', M.photosNotFound);
        const packId = await repository.createPack(tx, {
          userId: user.id,
          name: body.pack_name,
          previewMediaId: previewId,
          provider: engine.name,
          photoIds,
        });
        await enqueueJob(tx, TRAIN_PACK_JOB, { packId }, { maxAttempts: 3, accountId: user.id });
        return { pack_id: packId };
      });
    },

    /** The user's packs, newest first (spec 002 §7). Signed in suffices: a lapsed plan may still see and delete. */
    async listPacks(account: SessionAccount): Promise<Pack[]> {
      return Promise.all((await repository.listPacks(account.id)).map(toPack));
    },

    async getPack(account: SessionAccount, packId: string): Promise<Pack> {
      return toPack(await ownPack(account, packId));
    },

    async deletePack(account: SessionAccount, packId: string): Promise<void> {
      const deleted = await repository.deletePack(account.id, packId);
      if (!deleted) throw new AppError('NOT_FOUND', M.generateFailed);
      await Promise.all(deleted.files.map((f) => storage.delete(f.bucket, f.key).catch(() => undefined)));
      if (deleted.provider_model_id && deleted.provider === engine.name) {
        await engine.deleteModel(deleted.provider_model_id).catch((error: unknown) => {
          deps.log.warn({ err: error, packId }, 'deleting the trained model failed');
        });
      }
    },

    async listResults(account: SessionAccount, packId: string): Promise<PackResult[]> {
      await ownPack(account, packId);
      const rows = await repository.listResults(account.id, packId);
      return Promise.all(rows.map((row) => toResult(row, row.storage_key)));
    },

    async deleteResult(account: SessionAccount, packId: string, resultId: string): Promise<void> {
      const deleted = await repository.deleteResult(account.id, packId, resultId);
      if (!deleted) throw new AppError('NOT_FOUND', M.deleteFailed);
      if (deleted.key) await storage.delete('pack-results', deleted.key).catch(() => undefined);
    },

    /** Spec 002 §7 generate-klang-image: one press shot, stored by Klang, answered as a list. */
    async generate(account: SessionAccount | null, body: GeneratePackImageRequest): Promise<PackResult[]> {
      const user = await deps.kit.assertAllowed(account, 'klang-pack');
      assertSelf(user, body.user_id);
      const pack = await ownPack(user, body.pack_id);
      if (pack.status !== 'ready' || !pack.provider_model_id) throw new AppError('CONFLICT', M.notReady);
      let image: Buffer;
      try {
        image = await engine.generate(
          { modelId: pack.provider_model_id, prompt: body.prompt, seed: randomInt(2 ** 31) },
          AbortSignal.timeout(170_000),
        );
      } catch (error) {
        deps.log.warn({ err: error, packId: pack.id, engine: engine.name }, 'press shot generation failed');
        throw new AppError('UNAVAILABLE', M.generateFailed);
      }
      const key = newStorageKey('jpg');
      const stored = await storage.put('pack-results', key, image, { contentType: 'image/jpeg' });
      try {
        const row = await db.transaction(async (tx) => {
          const mediaId = await repository.insertMedia(tx, user.id, {
            bucket: 'pack-results',
            storageKey: key,
            ...stored,
          });
          return repository.insertResult(tx, {
            userId: user.id,
            packId: pack.id,
            prompt: body.prompt,
            mediaId,
          });
        });
        return [await toResult(row, key)];
      } catch (error) {
        await storage.delete('pack-results', key).catch(() => undefined);
        throw error;
      }
    },
  };
}

export type KlangPacksService = ReturnType<typeof createKlangPacksService>;
