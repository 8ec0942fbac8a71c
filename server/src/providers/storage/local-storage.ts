import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { copyMeasured } from './measured-copy';
import { signedMediaPath } from './media-signature';
import { clampSignedUrlSeconds, isSafeDownloadName, isServableContentType } from './media-types';
import {
  BUCKETS,
  type Bucket,
  type SignedUrlOptions,
  type StorageProvider,
  type StoredObject,
} from './storage';
import { assertStorageLocation } from './storage-key';

export interface LocalStorageOptions {
  dir: string;
  signingSecret: string;
  /** Milliseconds since the epoch; tests move it. */
  clock?: () => number;
}

/**
 * Files under `<dir>/<bucket>/<key>`, served by the media routes through HMAC-signed URLs
 * (docs/providers.md §8). Writes go to a temporary file beside the target,
 * are fsynced and renamed into place, so a reader or a crash never sees half an object.
 */
export function createLocalStorage(options: LocalStorageOptions): StorageProvider {
  const root = path.resolve(options.dir);
  const clock = options.clock ?? Date.now;

  function fileOf(bucket: string, key: string): string {
    assertStorageLocation(bucket, key);
    return path.join(root, bucket, key);
  }

  return {
    name: 'local',
    mediaOrigins: [],

    async put(bucket, key, body) {
      const target = fileOf(bucket, key);
      await mkdir(path.dirname(target), { recursive: true });
      // The .part suffix lets a reconciler recognise what a crash left behind.
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      let stored: StoredObject;
      // `flush` fsyncs the file before it closes, so the rename below never exposes unwritten data.
      const out = createWriteStream(temp, { flags: 'wx', mode: 0o640, flush: true });
      try {
        stored = await copyMeasured(body, out);
        await rename(temp, target);
      } catch (error) {
        // WARNING: the stream opens its file asynchronously. A body that fails at once (over the
        // limit before the first write) would have the unlink run before the open creates the
        // file, leaving an orphan; wait until the stream has closed its file first.
        if (!out.closed) {
          await new Promise<void>((resolve) => {
            out.once('close', () => {
              resolve();
            });
          });
        }
        await unlink(temp).catch(() => undefined);
        throw error;
      }
      await syncDirectory(path.dirname(target));
      await removeUnfinishedWrites(target);
      return stored;
    },

    async read(bucket, key) {
      const file = fileOf(bucket, key);
      try {
        const handle = await open(file, 'r');
        return handle.createReadStream();
      } catch (error) {
        throw isMissing(error) ? new AppError('NOT_FOUND', MESSAGES.notFound) : error;
      }
    },

    async openRanged(bucket, key) {
      let handle: FileHandle;
      try {
        handle = await open(fileOf(bucket, key), 'r');
      } catch (error) {
        throw isMissing(error) ? new AppError('NOT_FOUND', MESSAGES.notFound) : error;
      }
      // Sized from the open handle, so a concurrent replace cannot mix two objects.
      const stats = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stats.isFile()) {
        await handle.close();
        throw new AppError('NOT_FOUND', MESSAGES.notFound);
      }
      return {
        size: stats.size,
        // The handle is closed by `close`, once, not by the stream.
        read: (start, end) => Promise.resolve(handle.createReadStream({ start, end, autoClose: false })),
        close: () => handle.close(),
      };
    },

    async exists(bucket, key) {
      try {
        return (await stat(fileOf(bucket, key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(bucket, key) {
      await rm(fileOf(bucket, key), { force: true });
    },

    async removePartial(before) {
      let removed = 0;
      for (const bucket of BUCKETS) {
        const entries = await readdir(path.join(root, bucket), {
          recursive: true,
          withFileTypes: true,
        }).catch(() => []);
        for (const entry of entries) {
          if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
          const file = path.join(entry.parentPath, entry.name);
          const written = await stat(file).catch(() => undefined);
          if (!written || written.mtime >= before) continue;
          await rm(file, { force: true });
          removed += 1;
        }
      }
      return removed;
    },

    signedUrl(bucket: Bucket, key: string, signing: SignedUrlOptions) {
      // Inside an executor, the refusals below reject the promise instead of throwing at the caller.
      return new Promise<string>((resolve) => {
        assertStorageLocation(bucket, key);
        const { contentType, downloadName } = signing;
        if (contentType !== undefined && !isServableContentType(contentType)) {
          throw new Error(`media URLs may not pin the content type ${contentType}`);
        }
        if (downloadName !== undefined && !isSafeDownloadName(downloadName)) {
          throw new Error('the download name holds characters a header cannot carry; use toDownloadName');
        }
        const expiresAt = Math.floor(clock() / 1000) + clampSignedUrlSeconds(signing.expiresInSeconds);
        resolve(
          signedMediaPath(options.signingSecret, { bucket, key, expiresAt, contentType, downloadName }),
        );
      });
    },
  };
}

/**
 * A key is written only by whoever holds it (an upload, or the job whose lease reserved it), so
 * once a write of it succeeds, any other `.part` of the same key is a dead attempt's: a worker
 * killed mid-write whose job was taken over. Removing them here leaves nothing half-written
 * behind a recovered job, without waiting for the hourly sweep's age limit. A stalled writer that
 * is still alive loses its temporary file and fails; its job's outcome is ignored anyway.
 */
async function removeUnfinishedWrites(target: string): Promise<void> {
  const prefix = `${path.basename(target)}.`;
  const dir = path.dirname(target);
  for (const name of await readdir(dir).catch(() => [])) {
    if (name.startsWith(prefix) && name.endsWith('.part')) await rm(path.join(dir, name), { force: true });
  }
}

/** Makes the rename itself durable; some filesystems refuse to fsync a directory, which is fine. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  await handle.sync().catch(() => undefined);
  await handle.close();
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}
