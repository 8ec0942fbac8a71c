import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { verifyMediaQuery, type MediaQuery } from '../../providers/storage/media-signature';
import {
  contentDisposition,
  contentTypeForKey,
  isServableContentType,
} from '../../providers/storage/media-types';
import { isBucket, isStorageKey } from '../../providers/storage/storage-key';
import { parseByteRange } from './byte-range';

export interface MediaRoutesOptions {
  dir: string;
  signingSecret: string;
  /** Milliseconds since the epoch; tests move it. */
  clock?: () => number;
}

/**
 * Serves local storage through signed URLs (see media-signature.ts), with range requests so
 * an <audio> element can seek from the first play. Every refusal, whatever its reason, is the
 * same 403, so probing a URL teaches nothing; only a correctly signed URL can learn that its
 * object is gone (404).
 */
export const mediaRoutes: FastifyPluginCallbackZod<MediaRoutesOptions> = (app, options, done) => {
  const root = path.resolve(options.dir);
  const clock = options.clock ?? Date.now;

  app.route<{ Params: { bucket: string; '*': string }; Querystring: MediaQuery }>({
    method: ['GET', 'HEAD'],
    url: '/media/:bucket/*',
    schema: { hide: true },
    async handler(request, reply) {
      const { bucket, '*': key } = request.params;
      const now = clock();
      // The key pattern is checked before any signature or file access: no traversal can reach the disk.
      const grant =
        isBucket(bucket) && isStorageKey(key)
          ? verifyMediaQuery(options.signingSecret, { bucket, key }, request.query, now)
          : undefined;
      if (!grant) {
        void reply.header('cache-control', 'no-store');
        throw new AppError('FORBIDDEN', MESSAGES.accessDenied);
      }

      const file = await openObject(path.join(root, bucket, key));
      const size = file.size;
      const range =
        request.method === 'GET' ? parseByteRange(request.headers.range, size) : { kind: 'full' as const };
      void reply.headers({
        'content-type':
          grant.contentType !== undefined && isServableContentType(grant.contentType)
            ? grant.contentType
            : contentTypeForKey(key),
        'content-disposition': contentDisposition(grant.downloadName),
        'x-content-type-options': 'nosniff',
        // Should a browser ever open the file as a page, it runs nothing and loads nothing.
        'content-security-policy': "default-src 'none'; sandbox",
        'accept-ranges': 'bytes',
        'cache-control': `private, max-age=${Math.max(0, Math.floor((grant.expiresAt * 1000 - now) / 1000))}`,
      });

      switch (range.kind) {
        case 'unsatisfiable':
          await file.handle.close();
          void reply.header('content-range', `bytes */${size}`);
          throw new AppError('RANGE_NOT_SATISFIABLE', MESSAGES.invalidRequest);
        case 'partial':
          void reply
            .status(206)
            .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
            .header('content-length', range.end - range.start + 1);
          return reply.send(file.handle.createReadStream({ start: range.start, end: range.end }));
        case 'full':
          void reply.header('content-length', size);
          if (request.method === 'HEAD') {
            await file.handle.close();
            return reply.send();
          }
          return reply.send(file.handle.createReadStream());
      }
    },
  });
  done();
};

/** Opens the file once and sizes it from the open handle, so a concurrent replace cannot mix two objects. */
async function openObject(file: string): Promise<{ handle: FileHandle; size: number }> {
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR')) {
      throw new AppError('NOT_FOUND', MESSAGES.notFound);
    }
    throw error;
  }
  const stats = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (!stats.isFile()) {
    await handle.close();
    throw new AppError('NOT_FOUND', MESSAGES.notFound);
  }
  return { handle, size: stats.size };
}
