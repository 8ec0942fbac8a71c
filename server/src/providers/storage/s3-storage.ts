import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { copyMeasured } from './measured-copy';
import {
  clampSignedUrlSeconds,
  contentDisposition,
  contentTypeForKey,
  isSafeDownloadName,
  isServableContentType,
} from './media-types';
import type { Bucket, StorageProvider } from './storage';
import { assertStorageLocation } from './storage-key';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
  /** Milliseconds since the epoch, used to date presigned URLs; tests move it. */
  clock?: () => number;
}

export type S3Storage = StorageProvider & { destroy(): void };

/**
 * Any S3-compatible service (AWS, R2, MinIO, ...). One configured bucket holds every logical
 * bucket as a key prefix: `<bucket>/<key>`. Playback URLs are SigV4-presigned GETs with the
 * content type and disposition pinned (performance-and-security.md B6).
 *
 * WARNING: @aws-sdk/lib-storage is not installed, and PutObject needs a known length, so a
 * stream is first spooled to a temporary file (hashed on the way) and then sent from disk.
 * Memory stays flat for any size; the cost is one local copy, fine at our upload limit (75 MiB).
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint !== undefined && { endpoint: options.endpoint }),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Third-party S3 servers may not know the checksum headers newer SDKs send by default (providers.md §8).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const clock = options.clock ?? Date.now;

  function objectKey(bucket: string, key: string): string {
    assertStorageLocation(bucket, key);
    return `${bucket}/${key}`;
  }

  async function putObject(key: string, body: Buffer | Readable, contentLength: number, contentType: string) {
    await client.send(
      new PutObjectCommand({
        Bucket: options.bucket,
        Key: key,
        Body: body,
        ContentLength: contentLength,
        ContentType: contentType,
      }),
    );
  }

  return {
    name: 's3',
    mediaOrigins: [mediaOrigin(options)],

    async put(bucket, key, body, { contentType }) {
      const target = objectKey(bucket, key);
      if (Buffer.isBuffer(body)) {
        await putObject(target, body, body.length, contentType);
        return { byteSize: body.length, sha256: createHash('sha256').update(body).digest('hex') };
      }
      const spoolDir = await mkdtemp(path.join(tmpdir(), 'klang-s3-'));
      try {
        const spool = path.join(spoolDir, randomBytes(6).toString('hex'));
        const stored = await copyMeasured(body, createWriteStream(spool, { flags: 'wx', mode: 0o600 }));
        await putObject(target, createReadStream(spool), stored.byteSize, contentType);
        return stored;
      } finally {
        await rm(spoolDir, { recursive: true, force: true });
      }
    },

    async read(bucket, key) {
      try {
        const result = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }),
        );
        if (!(result.Body instanceof Readable)) throw new Error('the S3 response carried no readable body');
        return result.Body;
      } catch (error) {
        throw isNotFound(error) ? new AppError('NOT_FOUND', MESSAGES.notFound) : error;
      }
    },

    async openRanged(bucket, key) {
      let size: number;
      try {
        const head = await client.send(
          new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }),
        );
        size = head.ContentLength ?? 0;
      } catch (error) {
        throw isNotFound(error) ? new AppError('NOT_FOUND', MESSAGES.notFound) : error;
      }
      return {
        size,
        async read(start, end) {
          const result = await client.send(
            new GetObjectCommand({
              Bucket: options.bucket,
              Key: objectKey(bucket, key),
              Range: `bytes=${String(start)}-${String(end)}`,
            }),
          );
          if (!(result.Body instanceof Readable)) throw new Error('the S3 response carried no readable body');
          return result.Body;
        },
        close: () => Promise.resolve(),
      };
    },

    async exists(bucket, key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },

    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    },

    async signedUrl(bucket: Bucket, key: string, signing) {
      const contentType = signing.contentType ?? contentTypeForKey(key);
      if (!isServableContentType(contentType)) {
        throw new Error(`media URLs may not pin the content type ${contentType}`);
      }
      if (signing.downloadName !== undefined && !isSafeDownloadName(signing.downloadName)) {
        throw new Error('the download name holds characters a header cannot carry; use toDownloadName');
      }
      const command = new GetObjectCommand({
        Bucket: options.bucket,
        Key: objectKey(bucket, key),
        ResponseContentType: contentType,
        ResponseContentDisposition: contentDisposition(signing.downloadName),
      });
      return getSignedUrl(client, command, {
        expiresIn: clampSignedUrlSeconds(signing.expiresInSeconds),
        signingDate: new Date(clock()),
      });
    },

    destroy() {
      client.destroy();
    },
  };
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * The origin presigned URLs point at, for the CSP's media-src and img-src: the endpoint with a
 * path-style bucket, the bucket's own host otherwise (virtual-hosted style).
 */
function mediaOrigin(options: S3StorageOptions): string {
  const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
  return options.forcePathStyle
    ? endpoint.origin
    : `${endpoint.protocol}//${options.bucket}.${endpoint.host}`;
}
