import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/client';
import { newStorageKey } from '../providers/storage/storage';

/**
 * Small, explicit catalogue rows for route and service tests: each helper inserts exactly what
 * the schema requires and returns the ids, so a test states the world it runs in.
 */
export async function insertAccount(
  db: Queryable,
  role: 'artist' | 'listener',
  options: { username?: string; artistName?: string; tier?: 'free' | 'trial' | 'pro' } = {},
): Promise<string> {
  const id = randomUUID();
  const username = options.username ?? `${role}${id.slice(0, 8)}`;
  await db.query('insert into accounts (id, email, email_verified_at) values ($1, $2, now())', [
    id,
    `${username}@example.test`,
  ]);
  await db.query('insert into profiles (id, role, username, artist_name) values ($1, $2, $3, $4)', [
    id,
    role,
    username,
    role === 'artist' ? (options.artistName ?? `Artist ${username}`) : null,
  ]);
  if (role === 'artist') {
    await db.query('insert into artist_profiles (id, subscription_tier) values ($1, $2)', [
      id,
      options.tier ?? 'free',
    ]);
  } else {
    await db.query('insert into listener_profiles (id) values ($1)', [id]);
  }
  await db.query('insert into user_xp (user_id) values ($1)', [id]);
  return id;
}

export async function insertMedia(
  db: Queryable,
  bucket: string,
  contentType: string,
  extension: string,
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = newStorageKey(extension);
  await db.query(
    'insert into media_objects (id, bucket, storage_key, content_type, byte_size) values ($1, $2, $3, $4, 1)',
    [id, bucket, key, contentType],
  );
  return { id, key };
}

export async function insertTrack(
  db: Queryable,
  artistId: string,
  options: {
    title?: string;
    genre?: string;
    featured?: boolean;
    status?: 'ready' | 'processing';
    deleted?: boolean;
    /** Now by default. A track's deals are never older (decision 0312): date them after it. */
    uploadedAt?: Date;
  } = {},
): Promise<string> {
  const id = randomUUID();
  const audio = await insertMedia(db, 'renditions', 'audio/mpeg', 'mp3');
  const cover = await insertMedia(db, 'coverart', 'image/jpeg', 'jpg');
  await db.query(
    `insert into tracks (id, artist_id, title, genre, audio_media_id, cover_media_id, status, featured_in_player, is_deleted, deleted_at, duration_ms, uploaded_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 60000, coalesce($11, now()))`,
    [
      id,
      artistId,
      options.title ?? `Track ${id.slice(0, 6)}`,
      options.genre ?? 'Minimal / Deep Tech',
      audio.id,
      cover.id,
      options.status ?? 'ready',
      options.featured ?? true,
      options.deleted ?? false,
      options.deleted ? new Date() : null,
      options.uploadedAt ?? null,
    ],
  );
  return id;
}

/**
 * Deals a given track to a user, as the deck would (decision 0130), and returns the alias the
 * user then names it by. For tests that need one particular track dealt; the deck itself deals
 * at random, which the player tests drive through `/api/player/next`.
 */
export async function dealTrack(db: Queryable, userId: string, trackId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'insert into deals (user_id, track_id) values ($1, $2) returning id',
    [userId, trackId],
  );
  if (!row) throw new Error('the deal was not inserted');
  return row.id;
}
