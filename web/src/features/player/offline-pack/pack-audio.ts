/**
 * The offline pack's audio in Cache Storage (issue 32 item 3). Each track sits under a neutral
 * request URL, `/offline-pack/<slot>`, with nothing but its content type: no alias, no grant, no
 * name, so a look into the browser's storage tells nothing about what was dealt.
 */
export const PACK_CACHE_NAME = 'klang-offline-pack';

export function packAudioUrl(slot: number): string {
  return `/offline-pack/${String(slot)}`;
}

/** Absent in old browsers and in pages that are not a secure context (plain http). */
export function hasCacheStorage(): boolean {
  return typeof globalThis.caches !== 'undefined';
}

/**
 * Keeps `response`'s audio under `slot`. The body is streamed into a fresh response, so the
 * grant's URL and the server's other headers stay behind. Throws as the cache does (quota).
 */
export async function savePackAudio(slot: number, response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const cache = await caches.open(PACK_CACHE_NAME);
  await cache.put(packAudioUrl(slot), new Response(response.body, { headers: { 'Content-Type': type } }));
}

/** The saved audio of `slot`, or null when the browser dropped it (storage pressure) or never had it. */
export async function readPackAudio(slot: number): Promise<Blob | null> {
  if (!hasCacheStorage()) return null;
  const cache = await caches.open(PACK_CACHE_NAME);
  const saved = await cache.match(packAudioUrl(slot));
  return saved ? saved.blob() : null;
}

export async function deletePackAudio(slots: readonly number[]): Promise<void> {
  if (!hasCacheStorage() || slots.length === 0) return;
  const cache = await caches.open(PACK_CACHE_NAME);
  await Promise.all(slots.map((slot) => cache.delete(packAudioUrl(slot))));
}

/** Every saved track gone: sign-out, an expired pack, a replaced pack, a save that failed half-way. */
export async function clearPackAudio(): Promise<void> {
  if (!hasCacheStorage()) return;
  await caches.delete(PACK_CACHE_NAME);
}
