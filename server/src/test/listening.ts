import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from './accounts-helpers';
import type { TestApp } from './app';

/**
 * Asks a stream grant for a track, by alias or public id, as the player does. Fixture tracks
 * have a media row but no file: unless the test wrote one, this writes one (writeFixtureAudio),
 * so the grant's URL can be fetched. Resolves to its URL.
 */
export async function grant(
  t: TestApp,
  client: Client,
  trackId: string,
  purpose: 'playback' | 'preload' = 'playback',
): Promise<string> {
  const response = await client.post('/functions/v1/secure-track-access', { trackId, purpose });
  if (response.statusCode !== 200) throw new Error(`grant refused: ${response.body}`);
  await writeFixtureAudio(t, trackId);
  return response.json<{ signedUrl: string }>().signedUrl;
}

/**
 * Writes a few bytes of "audio" where local storage looks for a fixture track's rendition (named
 * by a deal's alias or its public id), unless there is a file there already.
 */
export async function writeFixtureAudio(t: TestApp, trackId: string): Promise<void> {
  const [media] = await t.db.query<{ bucket: string; storage_key: string }>(
    `select m.bucket, m.storage_key from tracks t join media_objects m on m.id = t.audio_media_id
     where t.id = coalesce((select d.track_id from deals d where d.id::text = $1), $1::uuid)`,
    [trackId],
  );
  if (!media || t.config.storage.kind !== 'local') throw new Error('fixture tracks are stored locally');
  const file = path.join(t.config.storage.dir, media.bucket, media.storage_key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.alloc(1024, 0xff), { flag: 'wx' }).catch((error: unknown) => {
    if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
  });
}

/**
 * Fetches the first bytes of a grant's audio, as an audio element starting to play does (the
 * URL is the credential: an audio element sends no session).
 */
export async function fetchAudio(t: TestApp, url: string): Promise<void> {
  const response = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-1023' } });
  if (response.statusCode !== 206) throw new Error(`audio not served: ${String(response.statusCode)}`);
}

/** A grant whose audio is fetched at once: the listener presses play. */
export async function hear(t: TestApp, client: Client, trackId: string): Promise<string> {
  const url = await grant(t, client, trackId);
  await fetchAudio(t, url);
  return url;
}
