import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Buckets of stored files (spec 001 §3 and 002 §7 name tracks, coverart, profile-images, artist-packs). */
export const BUCKETS = [
  'tracks',
  'renditions',
  'coverart',
  'profile-images',
  'artist-packs',
  'pack-results',
  'soundlab',
  'demo',
] as const;
export type Bucket = (typeof BUCKETS)[number];

export interface StoredObject {
  byteSize: number;
  sha256: string;
}

export interface SignedUrlOptions {
  expiresInSeconds: number;
  /** Pins the Content-Type the object is served with. */
  contentType?: string;
  /** Serve as an attachment with this file name (downloads); inline otherwise. */
  downloadName?: string;
}

/** An object opened for ranged reads; `close` releases it whether or not anything was read. */
export interface RangedObject {
  size: number;
  /** Bytes `start..end` inclusive; the stream closes the object when it ends. */
  read(start: number, end: number): Promise<Readable>;
  close(): Promise<void>;
}

/**
 * Where files live. Keys are opaque (see newStorageKey): no user id, file name or title ever
 * appears in a key or a URL, which is part of keeping listening blind (architecture.md).
 */
export interface StorageProvider {
  readonly name: 'local' | 's3';
  /** Origins outside this server that the browser loads media from (for the CSP). */
  readonly mediaOrigins: string[];
  /** Streams `body` into storage; the object appears whole or not at all. */
  put(
    bucket: Bucket,
    key: string,
    body: Buffer | Readable,
    options: { contentType: string },
  ): Promise<StoredObject>;
  read(bucket: Bucket, key: string): Promise<Readable>;
  /** The object's size and a reader of any byte range of it (the stream route, decision 0131). */
  openRanged(bucket: Bucket, key: string): Promise<RangedObject>;
  exists(bucket: Bucket, key: string): Promise<boolean>;
  delete(bucket: Bucket, key: string): Promise<void>;
  /** A URL the browser can fetch the object from until it expires. */
  signedUrl(bucket: Bucket, key: string, options: SignedUrlOptions): Promise<string>;
  /**
   * Removes what a process killed in the middle of a `put` left behind, last written before
   * `before`; resolves with how many. Only a provider whose writes can leave pieces has it (the
   * local one's `.part` files; an S3 PutObject is whole or absent).
   */
  removePartial?(before: Date): Promise<number>;
}

/** A fresh opaque key: a two-character shard and 24 random url-safe characters. */
export function newStorageKey(extension?: string): string {
  const id = randomBytes(18).toString('base64url');
  const shard = randomBytes(1).toString('hex');
  const ext = extension?.replace(/^\./, '').toLowerCase();
  return ext && /^[a-z0-9]{2,4}$/.test(ext) ? `${shard}/${id}.${ext}` : `${shard}/${id}`;
}
