import { MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { BUCKETS, type Bucket } from './storage';

/**
 * What a storage key may look like: the shape newStorageKey makes and the media_objects
 * check constraint accepts. No dot can start a segment and only one dot (the extension) is
 * allowed, so `..`, absolute paths, backslashes, NUL and percent escapes never match and no
 * key can leave its bucket's folder, whatever the signature says.
 */
const STORAGE_KEY_PATTERN = /^[a-z0-9-]{1,64}\/[A-Za-z0-9_-]{16,128}(?:\.[a-z0-9]{2,4})?$/;

export function isStorageKey(key: string): boolean {
  return STORAGE_KEY_PATTERN.test(key);
}

export function isBucket(value: string): value is Bucket {
  return (BUCKETS as readonly string[]).includes(value);
}

/** Throws unless `bucket` and `key` name a place inside storage; every provider call goes through it. */
export function assertStorageLocation(bucket: string, key: string): asserts bucket is Bucket {
  if (!isBucket(bucket) || !isStorageKey(key)) {
    throw new AppError('VALIDATION_FAILED', MESSAGES.invalidRequest, { key: 'not a storage key' });
  }
}
