import type { Db, Queryable } from '../../db/client';

export interface PresetRow {
  preset: number;
  name: string;
}

export interface PadRow {
  preset: number;
  pad: number;
  label: string;
  storage_key: string | null;
}

/** A pad as it is written: its label and its sound (a media id, the one saved before, or none). */
export interface PadWrite {
  pad: number;
  label: string;
  sound: { mediaId: string } | 'keep' | null;
}

export interface StoredSound {
  storageKey: string;
  byteSize: number;
  sha256: string;
}

/**
 * Whose presets: an account's own (`sessionHash` null), or one demo visitor's, kept under the
 * session's token hash (decision 0258).
 */
export interface PresetOwner {
  userId: string;
  sessionHash: string | null;
}

/** SQL of the Kit: SoundLab presets and their pads. */
export function createKitRepository(db: Db) {
  return {
    async listPresets(owner: PresetOwner): Promise<{ presets: PresetRow[]; pads: PadRow[] }> {
      const presets = await db.query<PresetRow>(
        `select preset::int as preset, name from soundlab_presets
         where user_id = $1 and session_hash is not distinct from $2 order by preset`,
        [owner.userId, owner.sessionHash],
      );
      const pads = await db.query<PadRow>(
        `select p.preset::int as preset, p.pad::int as pad, p.label, m.storage_key
         from soundlab_pads p left join media_objects m on m.id = p.sound_media_id
         where p.user_id = $1 and p.session_hash is not distinct from $2 order by p.preset, p.pad`,
        [owner.userId, owner.sessionHash],
      );
      return { presets, pads };
    },

    async insertSound(tx: Queryable, userId: string, sound: StoredSound): Promise<string> {
      const rows = await tx.query<{ id: string }>(
        `insert into media_objects (bucket, storage_key, content_type, byte_size, sha256, owner_id)
         values ('soundlab', $1, 'audio/mpeg', $2, $3, $4) returning id`,
        [sound.storageKey, sound.byteSize, sound.sha256, userId],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('media insert returned no id');
      return id;
    },

    /**
     * Replaces one preset: its name and every listed pad; pads not listed are cleared. Answers the
     * storage keys of sounds no pad uses any more, for the caller to delete once this commits.
     */
    async replacePreset(
      tx: Queryable,
      owner: PresetOwner,
      preset: number,
      name: string,
      pads: PadWrite[],
    ): Promise<string[]> {
      const { userId, sessionHash } = owner;
      await tx.query(
        `insert into soundlab_presets (user_id, session_hash, preset, name) values ($1, $2, $3, $4)
         on conflict (user_id, session_hash, preset) do update set name = excluded.name, updated_at = now()`,
        [userId, sessionHash, preset, name],
      );
      const before = await tx.query<{ pad: number; sound_media_id: string | null }>(
        `select pad::int as pad, sound_media_id from soundlab_pads
         where user_id = $1 and session_hash is not distinct from $2 and preset = $3 for update`,
        [userId, sessionHash, preset],
      );
      const kept = new Map(before.map((row) => [row.pad, row.sound_media_id]));
      await tx.query(
        'delete from soundlab_pads where user_id = $1 and session_hash is not distinct from $2 and preset = $3',
        [userId, sessionHash, preset],
      );
      for (const pad of pads) {
        const mediaId = pad.sound === 'keep' ? (kept.get(pad.pad) ?? null) : (pad.sound?.mediaId ?? null);
        await tx.query(
          `insert into soundlab_pads (user_id, session_hash, preset, pad, label, sound_media_id)
           values ($1, $2, $3, $4, $5, $6)`,
          [userId, sessionHash, preset, pad.pad, pad.label, mediaId],
        );
      }
      return deleteUnusedSounds(tx, userId);
    },

    /**
     * Forgets the demo visitors' presets whose session has ended (a signed-out session's went
     * with its row) and every sound no pad uses any more; answers the storage keys to delete.
     */
    async deleteEndedSessionPresets(userId: string): Promise<string[]> {
      return db.transaction(async (tx) => {
        const ended = `user_id = $1 and session_hash is not null and not exists (
          select 1 from sessions s where s.token_hash = session_hash and s.expires_at > now())`;
        await tx.query(`delete from soundlab_pads where ${ended}`, [userId]);
        await tx.query(`delete from soundlab_presets where ${ended}`, [userId]);
        return deleteUnusedSounds(tx, userId);
      });
    },
  };
}

/** Removes the user's SoundLab sound rows no pad uses; answers their storage keys. */
async function deleteUnusedSounds(tx: Queryable, userId: string): Promise<string[]> {
  const orphans = await tx.query<{ storage_key: string }>(
    `delete from media_objects m where m.owner_id = $1 and m.bucket = 'soundlab'
       and not exists (select 1 from soundlab_pads p where p.sound_media_id = m.id)
     returning m.storage_key`,
    [userId],
  );
  return orphans.map((row) => row.storage_key);
}

export type KitRepository = ReturnType<typeof createKitRepository>;
