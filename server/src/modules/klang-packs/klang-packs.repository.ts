import type { PackStatus } from '@klang/domain';
import type { Db, Queryable } from '../../db/client';

export interface PackRow {
  id: string;
  user_id: string;
  name: string | null;
  status: PackStatus;
  preview_key: string | null;
  provider: string | null;
  provider_model_id: string | null;
  training_started_at: Date | null;
  created_at: Date;
}

export interface ResultRow {
  id: string;
  user_id: string;
  pack_id: string;
  prompt: string;
  storage_key: string | null;
  created_at: Date;
}

export interface StoredFile {
  bucket: 'artist-packs' | 'pack-results';
  storageKey: string;
  byteSize: number;
  sha256: string;
}

const PACK_COLUMNS = `p.id, p.user_id, p.name, p.status, m.storage_key as preview_key, p.provider,
  p.provider_model_id, p.training_started_at, p.created_at`;

/** Character packs' SQL. Every read a user triggers is filtered by that user's id (spec 002 §6). */
export function createKlangPacksRepository(db: Db) {
  return {
    db,

    async insertMedia(q: Queryable, ownerId: string, file: StoredFile): Promise<string> {
      const rows = await q.query<{ id: string }>(
        `insert into media_objects (bucket, storage_key, content_type, byte_size, sha256, owner_id)
         values ($1, $2, 'image/jpeg', $3, $4, $5) returning id`,
        [file.bucket, file.storageKey, file.byteSize, file.sha256, ownerId],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('media row not written');
      return id;
    },

    async insertPhoto(
      q: Queryable,
      userId: string,
      mediaId: string,
      size: { width: number; height: number },
    ) {
      await q.query(
        'insert into klang_pack_photos (media_id, user_id, width, height) values ($1, $2, $3, $4)',
        [mediaId, userId, size.width, size.height],
      );
    },

    /** The user's own photos among `ids`, that no pack has taken yet. */
    async findFreePhotos(q: Queryable, userId: string, ids: string[]) {
      return q.query<{ media_id: string; storage_key: string }>(
        `select ph.media_id, m.storage_key from klang_pack_photos ph
         join media_objects m on m.id = ph.media_id
         where ph.user_id = $1 and ph.media_id = any($2::uuid[])
           and not exists (select 1 from klang_pack_images i where i.media_id = ph.media_id)`,
        [userId, ids],
      );
    },

    /** A photo the user uploaded (in a pack or not), or undefined. */
    async findPhotoKey(userId: string, photoId: string): Promise<string | undefined> {
      const rows = await db.query<{ storage_key: string }>(
        `select m.storage_key from klang_pack_photos ph join media_objects m on m.id = ph.media_id
         where ph.user_id = $1 and ph.media_id = $2`,
        [userId, photoId],
      );
      return rows[0]?.storage_key;
    },

    /** Removes a photo no pack took; answers its storage key when it did. */
    async forgetFreePhoto(photoId: string): Promise<string | undefined> {
      const rows = await db.query<{ storage_key: string }>(
        `delete from media_objects m using klang_pack_photos ph
         where m.id = $1 and ph.media_id = m.id
           and not exists (select 1 from klang_pack_images i where i.media_id = m.id)
         returning m.storage_key`,
        [photoId],
      );
      return rows[0]?.storage_key;
    },

    async createPack(
      q: Queryable,
      pack: { userId: string; name: string; previewMediaId: string; provider: string; photoIds: string[] },
    ): Promise<string> {
      const rows = await q.query<{ id: string }>(
        `insert into klang_packs (user_id, name, status, preview_media_id, provider, consent_confirmed_at)
         values ($1, $2, 'training', $3, $4, now()) returning id`,
        [pack.userId, pack.name, pack.previewMediaId, pack.provider],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('pack row not written');
      await q.query(
        `insert into klang_pack_images (pack_id, media_id, position)
         select $1, media_id, position from unnest($2::uuid[]) with ordinality as t(media_id, position)`,
        [id, pack.photoIds],
      );
      return id;
    },

    async listPacks(userId: string): Promise<PackRow[]> {
      return db.query<PackRow>(
        `select ${PACK_COLUMNS} from klang_packs p left join media_objects m on m.id = p.preview_media_id
         where p.user_id = $1 order by p.created_at desc, p.id desc`,
        [userId],
      );
    },

    /** One pack; with a user id only that user's. */
    async findPack(packId: string, userId?: string): Promise<PackRow | undefined> {
      const rows = await db.query<PackRow>(
        `select ${PACK_COLUMNS} from klang_packs p left join media_objects m on m.id = p.preview_media_id
         where p.id = $1 and ($2::uuid is null or p.user_id = $2)`,
        [packId, userId ?? null],
      );
      return rows[0];
    },

    async findPackByModel(provider: string, modelId: string): Promise<PackRow | undefined> {
      const rows = await db.query<PackRow>(
        `select ${PACK_COLUMNS} from klang_packs p left join media_objects m on m.id = p.preview_media_id
         where p.provider = $1 and p.provider_model_id = $2`,
        [provider, modelId],
      );
      return rows[0];
    },

    async photoKeys(packId: string): Promise<string[]> {
      const rows = await db.query<{ storage_key: string }>(
        `select m.storage_key from klang_pack_images i join media_objects m on m.id = i.media_id
         where i.pack_id = $1 order by i.position`,
        [packId],
      );
      return rows.map((row) => row.storage_key);
    },

    /** Records the engine's model; false when the pack was deleted (or settled) meanwhile. */
    async markTrainingStarted(packId: string, modelId: string): Promise<boolean> {
      const rows = await db.query<{ id: string }>(
        `update klang_packs set provider_model_id = $2, training_started_at = now(), updated_at = now()
         where id = $1 and status = 'training' returning id`,
        [packId, modelId],
      );
      return rows.length > 0;
    },

    /** Moves a training pack to its outcome; a pack already out of training stays as it is. */
    async finishTraining(packId: string, status: 'ready' | 'error', reason: string | null) {
      await db.query(
        `update klang_packs set status = $2, failure_reason = $3, updated_at = now()
         where id = $1 and status = 'training'`,
        [packId, status, reason],
      );
    },

    async listResults(userId: string, packId: string): Promise<ResultRow[]> {
      return db.query<ResultRow>(
        `select r.id, r.user_id, r.pack_id, r.prompt, m.storage_key, r.created_at
         from klang_pack_results r left join media_objects m on m.id = r.image_media_id
         where r.user_id = $1 and r.pack_id = $2 order by r.created_at desc, r.id desc`,
        [userId, packId],
      );
    },

    async insertResult(
      q: Queryable,
      result: { userId: string; packId: string; prompt: string; mediaId: string },
    ): Promise<ResultRow> {
      const rows = await q.query<ResultRow>(
        `insert into klang_pack_results (user_id, pack_id, prompt, image_media_id) values ($1, $2, $3, $4)
         returning id, user_id, pack_id, prompt, null as storage_key, created_at`,
        [result.userId, result.packId, result.prompt, result.mediaId],
      );
      const row = rows[0];
      if (!row) throw new Error('result row not written');
      return row;
    },

    /** Deletes the user's result and its media row; answers the stored file's key, or null when none. */
    async deleteResult(
      userId: string,
      packId: string,
      resultId: string,
    ): Promise<{ key: string | null } | undefined> {
      return db.transaction(async (tx) => {
        const rows = await tx.query<{ image_media_id: string | null; storage_key: string | null }>(
          `select r.image_media_id, m.storage_key from klang_pack_results r
           left join media_objects m on m.id = r.image_media_id
           where r.id = $1 and r.user_id = $2 and r.pack_id = $3 for update of r`,
          [resultId, userId, packId],
        );
        const row = rows[0];
        if (!row) return undefined;
        await tx.query('delete from klang_pack_results where id = $1', [resultId]);
        if (row.image_media_id)
          await tx.query('delete from media_objects where id = $1', [row.image_media_id]);
        return { key: row.storage_key };
      });
    },

    /**
     * Deletes the user's pack with its photos and results (their rows cascade) and the media rows
     * of their files; answers what must leave storage.
     */
    async deletePack(userId: string, packId: string) {
      return db.transaction(async (tx) => {
        const packs = await tx.query<{ provider: string | null; provider_model_id: string | null }>(
          'select provider, provider_model_id from klang_packs where id = $1 and user_id = $2 for update',
          [packId, userId],
        );
        const pack = packs[0];
        if (!pack) return undefined;
        const media = await tx.query<{
          id: string;
          bucket: 'artist-packs' | 'pack-results';
          storage_key: string;
        }>(
          `select m.id, m.bucket, m.storage_key from media_objects m
           where m.id in (select media_id from klang_pack_images where pack_id = $1)
              or m.id in (select image_media_id from klang_pack_results where pack_id = $1)`,
          [packId],
        );
        await tx.query('delete from klang_packs where id = $1', [packId]);
        await tx.query('delete from media_objects where id = any($1::uuid[])', [media.map((m) => m.id)]);
        return { ...pack, files: media.map((m) => ({ bucket: m.bucket, key: m.storage_key })) };
      });
    },
  };
}

export type KlangPacksRepository = ReturnType<typeof createKlangPacksRepository>;
