import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { BUCKETS, type Bucket } from './storage';
import { isServableContentType } from './media-types';
import { isStorageKey } from './storage-key';

/**
 * A listener's grant to stream one track's audio (decision 0131). Unlike a signed media URL,
 * whose path is the object's key and so the same for every listener, a stream grant's path is
 * the grant itself, sealed with AES-256-GCM under a key derived from the media signing secret:
 * a fresh random nonce makes every grant's path different, and nothing in it can be read or
 * changed without the secret. It also carries a random number of padding bytes that the server
 * appends after the object's last byte, so the length a listener sees differs per grant.
 */
export interface StreamGrant {
  /**
   * The grant's row (player's `stream_grants`), which the stream route marks served; null for a
   * share link's preview, which no listener's deal or credit hangs on (decision 0308).
   */
  id: string | null;
  bucket: Bucket;
  key: string;
  contentType: string;
  /** Zero bytes served after the object; MP3 decoders skip them, as they hold no frame sync. */
  padBytes: number;
  /**
   * Serves only these bytes of the object, as if they were all of it: a share's preview, cut from
   * the rendition's constant bit rate (the stream route starts it on a frame).
   */
  window?: ByteWindow;
  /** Unix seconds; the grant is refused from this second on. */
  expiresAt: number;
}

/** A piece of an object: `length` bytes from byte `start`. */
export interface ByteWindow {
  start: number;
  length: number;
}

const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{40,400}$/;
const EXPIRY_PATTERN = /^[1-9][0-9]{0,11}$/;

/** The sealed part: short field names keep the URL short. */
const byteCount = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const sealedSchema = z.strictObject({
  g: z.uuid().nullable(),
  b: z.enum(BUCKETS),
  k: z.string().refine(isStorageKey),
  c: z.string().refine(isServableContentType),
  p: z
    .number()
    .int()
    .min(0)
    .max(16 * 1024 * 1024),
  w: z.tuple([byteCount, byteCount.min(1)]).optional(),
});

const keys = new Map<string, Buffer>();

/** The cipher key, derived so that it never equals the key that signs media URLs; once per secret. */
function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = createHmac('sha256', secret).update('klang stream grant v1').digest();
    keys.set(secret, key);
  }
  return key;
}

/**
 * The path and query of a grant: `/media/stream/<sealed grant>?exp=<unix seconds>`. The expiry
 * stays readable (the player reuses a URL until a minute before it) and is bound to the sealed
 * part as associated data, so it cannot be moved either.
 */
export function streamGrantPath(secret: string, grant: StreamGrant): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), nonce);
  cipher.setAAD(Buffer.from(String(grant.expiresAt)));
  const sealed = Buffer.concat([
    cipher.update(
      JSON.stringify({
        g: grant.id,
        b: grant.bucket,
        k: grant.key,
        c: grant.contentType,
        p: grant.padBytes,
        ...(grant.window && { w: [grant.window.start, grant.window.length] }),
      }),
      'utf8',
    ),
    cipher.final(),
  ]);
  const token = Buffer.concat([nonce, sealed, cipher.getAuthTag()]).toString('base64url');
  return `/media/stream/${token}?exp=${String(grant.expiresAt)}`;
}

/** Opens a grant from its path and query, or undefined for anything forged, changed or expired. */
export function openStreamGrant(
  secret: string,
  token: string,
  exp: unknown,
  nowMs: number,
): StreamGrant | undefined {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  if (typeof exp !== 'string' || !EXPIRY_PATTERN.test(exp)) return undefined;
  const expiresAt = Number(exp);
  if (nowMs >= expiresAt * 1000) return undefined;
  const raw = Buffer.from(token, 'base64url');
  // One base64url spelling only, so a grant has exactly one accepted path.
  if (raw.toString('base64url') !== token || raw.length <= NONCE_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, NONCE_BYTES));
    decipher.setAAD(Buffer.from(exp));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const plain = Buffer.concat([
      decipher.update(raw.subarray(NONCE_BYTES, raw.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
    const sealed = sealedSchema.parse(JSON.parse(plain));
    return {
      id: sealed.g,
      bucket: sealed.b,
      key: sealed.k,
      contentType: sealed.c,
      padBytes: sealed.p,
      ...(sealed.w && { window: { start: sealed.w[0], length: sealed.w[1] } }),
      expiresAt,
    };
  } catch {
    return undefined;
  }
}

/** Padding never falls below this, so even the shortest track's length moves. */
const MIN_PAD_BYTES = 4096;
/** How many seconds of audio the padding spans at most, beyond the minimum. */
const PAD_SPAN_SECONDS = 4;
const MIN_PAD_SPAN_BYTES = 64 * 1024;

/**
 * A random padding length for one grant of an object of `objectBytes` lasting `durationMs`:
 * uniform over a span of several seconds of the track's own bit rate, so the byte length a
 * listener sees says no more about the track than the whole-second duration the deck states.
 */
export function randomPadBytes(objectBytes: number, durationMs: number | null): number {
  const bytesPerSecond =
    durationMs !== null && durationMs > 0 ? Math.ceil((objectBytes * 1000) / durationMs) : 0;
  const span = Math.max(MIN_PAD_SPAN_BYTES, PAD_SPAN_SECONDS * bytesPerSecond);
  return randomInt(MIN_PAD_BYTES, MIN_PAD_BYTES + span);
}
