import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_DIR, SERVER_SOURCE_DIR } from '../../lib/package-paths';
import { TARGET_LUFS } from '../../lib/sound/audio-transcode';
import type { Bucket, StorageProvider } from '../../providers/storage/storage';
import { newStorageKey } from '../../providers/storage/storage';
import type { MusicParams } from '../../lib/music/music-params';
import { renderAll, type RenderItem } from '../../lib/music/render-all';
import { getDurationMs } from '../../lib/music/render-track';

export interface StoredSeedMedia {
  id: string;
  bucket: Bucket;
  storageKey: string;
  contentType: string;
  byteSize: number;
  sha256: string;
}

/**
 * Rendered seed music is cached by a hash of its parameters, of the synthesizer's own source and
 * of RENDER_PIPELINE_VERSION, so a second fresh data directory on the same machine starts in
 * seconds, and a change to the synthesizer or to what follows it renders everything again.
 */
export const DEFAULT_RENDER_CACHE_DIR = path.join(REPO_DIR, 'node_modules/.cache/klang-seed');

/**
 * What happens to a synthesized track outside the synthesizer's own folder: raise it when that
 * changes. 2: through the upload transcode, normalised to TARGET_LUFS at 192 kbit/s (issue 17).
 */
const RENDER_PIPELINE_VERSION = `2:${String(TARGET_LUFS)}`;

async function hashSynthesizerSource(): Promise<string> {
  const dir = path.join(SERVER_SOURCE_DIR, 'lib/music');
  const hash = createHash('sha256');
  hash.update(RENDER_PIPELINE_VERSION);
  for (const file of (await readdir(dir))
    .filter((f) => /\.(ts|mjs)$/.test(f) && !f.endsWith('.test.ts'))
    .sort()) {
    hash.update(file);
    hash.update(await readFile(path.join(dir, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Renders (or takes from the cache) one MP3 per item; returns them by key. */
export async function renderSeedMusic(
  items: { key: string; params: MusicParams }[],
  options: { cacheDir: string; onProgress?: (done: number, total: number) => void },
): Promise<Map<string, { mp3: Buffer; durationMs: number }>> {
  const version = await hashSynthesizerSource();
  await mkdir(options.cacheDir, { recursive: true });
  const cachePath = (params: MusicParams) =>
    path.join(
      options.cacheDir,
      `${createHash('sha256').update(version).update(JSON.stringify(params)).digest('hex').slice(0, 32)}.mp3`,
    );

  const results = new Map<string, { mp3: Buffer; durationMs: number }>();
  const missing: RenderItem[] = [];
  for (const item of items) {
    try {
      const mp3 = await readFile(cachePath(item.params));
      results.set(item.key, { mp3, durationMs: getDurationMs(item.params) });
    } catch {
      missing.push({ key: item.key, params: item.params });
    }
  }
  const cached = results.size;
  const byKey = new Map(missing.map((m) => [m.key, m.params]));
  await renderAll(missing, (rendered, done) => {
    results.set(rendered.key, { mp3: rendered.mp3, durationMs: rendered.durationMs });
    options.onProgress?.(cached + done, items.length);
  });
  for (const item of missing) {
    const rendered = results.get(item.key);
    const params = byKey.get(item.key);
    if (!rendered || !params) continue;
    // Write then rename: a killed start never leaves a truncated file in the cache.
    const target = cachePath(params);
    await writeFile(`${target}.part`, rendered.mp3);
    await rename(`${target}.part`, target);
  }
  return results;
}

/** Stores seed files under fresh opaque keys and remembers them, so a failed seed can remove them. */
export function createSeedMediaStore(storage: StorageProvider) {
  const stored: StoredSeedMedia[] = [];
  return {
    stored,
    async put(
      bucket: Bucket,
      body: Buffer,
      contentType: string,
      extension: string,
    ): Promise<StoredSeedMedia> {
      const storageKey = newStorageKey(extension);
      const result = await storage.put(bucket, storageKey, body, { contentType });
      const media = {
        id: crypto.randomUUID(),
        bucket,
        storageKey,
        contentType,
        byteSize: result.byteSize,
        sha256: result.sha256,
      };
      stored.push(media);
      return media;
    },
    async removeAll(): Promise<void> {
      await Promise.allSettled(stored.map((m) => storage.delete(m.bucket, m.storageKey)));
    },
  };
}
