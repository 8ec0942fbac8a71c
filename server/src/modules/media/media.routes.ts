import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { verifyMediaQuery, type MediaQuery } from '../../providers/storage/media-signature';
import {
  contentDisposition,
  contentTypeForKey,
  isServableContentType,
} from '../../providers/storage/media-types';
import type { RangedObject, StorageProvider } from '../../providers/storage/storage';
import { isBucket, isStorageKey } from '../../providers/storage/storage-key';
import { openStreamGrant, type ByteWindow } from '../../providers/storage/stream-grant';
import { firstFrameOffset } from '../../providers/audio/mp3-frames';
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

/** Records that bytes of a stream grant's audio were sent, at `at`; the first time counts. */
export type StreamServed = (grantId: string, at: Date) => Promise<void>;

export interface StreamRoutesOptions {
  storage: StorageProvider;
  signingSecret: string;
  served: StreamServed;
  /** Milliseconds since the epoch; tests move it. */
  clock?: () => number;
}

const PAD_CHUNK = Buffer.alloc(64 * 1024);

/** `length` zero bytes, in chunks that never exceed one shared buffer. */
async function* zeros(length: number): AsyncGenerator<Buffer> {
  for (let left = length; left > 0; left -= PAD_CHUNK.length)
    yield PAD_CHUNK.subarray(0, Math.min(left, PAD_CHUNK.length));
}

/**
 * Serves a track's audio through a stream grant (decision 0131), whichever storage holds it:
 * the object's bytes, then the grant's padding of zero bytes, as one file of `size + pad` bytes
 * with range requests over the whole, so seeking works and the length differs per grant.
 * Every refusal is the same 403, as for signed URLs. Sending any of the audio's own bytes (not
 * the padding alone, not a HEAD) marks the grant served: listening credit starts there.
 */
export const streamRoutes: FastifyPluginCallbackZod<StreamRoutesOptions> = (app, options, done) => {
  const clock = options.clock ?? Date.now;

  // A wildcard, not a parameter: a sealed grant is longer than a route parameter may be.
  app.route<{ Params: { '*': string }; Querystring: { exp?: unknown } }>({
    method: ['GET', 'HEAD'],
    url: '/media/stream/*',
    schema: { hide: true },
    async handler(request, reply) {
      const now = clock();
      const grant = openStreamGrant(options.signingSecret, request.params['*'], request.query.exp, now);
      if (!grant) {
        void reply.header('cache-control', 'no-store');
        throw new AppError('FORBIDDEN', MESSAGES.accessDenied);
      }
      const whole = await options.storage.openRanged(grant.bucket, grant.key);
      let object: RangedObject;
      try {
        object = grant.window ? await windowOf(whole, grant.window) : whole;
      } catch (error) {
        await whole.close();
        throw error;
      }
      const size = object.size + grant.padBytes;
      const range =
        request.method === 'GET' ? parseByteRange(request.headers.range, size) : { kind: 'full' as const };
      void reply.headers({
        'content-type': grant.contentType,
        'content-disposition': contentDisposition(undefined),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'accept-ranges': 'bytes',
        'cache-control': `private, max-age=${Math.max(0, Math.floor((grant.expiresAt * 1000 - now) / 1000))}`,
      });
      if (range.kind === 'unsatisfiable' || request.method === 'HEAD') {
        await object.close();
        if (range.kind === 'unsatisfiable') {
          void reply.header('content-range', `bytes */${size}`);
          throw new AppError('RANGE_NOT_SATISFIABLE', MESSAGES.invalidRequest);
        }
        return reply.header('content-length', size).send();
      }
      const { start, end } = range.kind === 'partial' ? range : { start: 0, end: size - 1 };
      if (start < object.size && grant.id !== null) {
        try {
          await options.served(grant.id, new Date(now));
        } catch (error) {
          await object.close();
          throw error;
        }
      }
      if (range.kind === 'partial') {
        void reply.status(206).header('content-range', `bytes ${start}-${end}/${size}`);
      }
      void reply.header('content-length', end - start + 1);
      return reply.send(Readable.from(paddedBytes(object, object.size, start, end)));
    },
  });
  done();
};

/** How far into a window its first MP3 frame is looked for: several frames at any bit rate. */
const FRAME_SEARCH_BYTES = 8 * 1024;

/**
 * The grant's window of `object` as an object of its own (a share's preview, decision 0308): it
 * starts on the window's first MP3 frame, so the piece plays as a file, and ends with the window
 * or the object. A window with no frame in its head is served from where it starts.
 */
async function windowOf(object: RangedObject, window: ByteWindow): Promise<RangedObject> {
  const from = Math.min(window.start, object.size);
  const to = Math.min(window.start + window.length, object.size);
  let head = Buffer.alloc(0);
  if (to > from) {
    const chunks: Buffer[] = [];
    for await (const chunk of await object.read(from, Math.min(to, from + FRAME_SEARCH_BYTES) - 1))
      chunks.push(chunk as Buffer);
    head = Buffer.concat(chunks);
  }
  const start = from + (firstFrameOffset(head) ?? 0);
  return {
    size: to - start,
    read: (first, last) => object.read(start + first, start + last),
    close: () => object.close(),
  };
}

/** Bytes `start..end` of the object followed by its padding; the object is closed at the end. */
async function* paddedBytes(
  object: RangedObject,
  objectSize: number,
  start: number,
  end: number,
): AsyncGenerator<Buffer> {
  try {
    if (start < objectSize) {
      for await (const chunk of await object.read(start, Math.min(end, objectSize - 1)))
        yield chunk as Buffer;
    }
    yield* zeros(end - Math.max(start, objectSize) + 1);
  } finally {
    await object.close();
  }
}
