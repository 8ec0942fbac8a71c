import { createHmac, timingSafeEqual } from 'node:crypto';

/** What one signed media URL grants: a GET of one object until `expiresAt`, served a given way. */
export interface MediaGrant {
  bucket: string;
  key: string;
  /** Unix seconds; the URL is refused from this second on. */
  expiresAt: number;
  contentType?: string | undefined;
  downloadName?: string | undefined;
}

/** The query of a signed media URL as it arrives, before anything is trusted. */
export interface MediaQuery {
  exp?: unknown;
  sig?: unknown;
  ct?: unknown;
  dl?: unknown;
}

const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
// No leading zeros and one base64url spelling only: a URL has exactly one accepted form.
const EXPIRY_PATTERN = /^[1-9][0-9]{0,11}$/;

/**
 * The signed text. Newlines separate the fields, and the content type and download name are
 * refused when they hold control characters, so no two grants share one text.
 */
function canonicalText(grant: MediaGrant): string {
  return [
    'GET',
    `${grant.bucket}/${grant.key}`,
    String(grant.expiresAt),
    grant.contentType ?? '',
    grant.downloadName ?? '',
  ].join('\n');
}

function mac(secret: string, grant: MediaGrant): Buffer {
  return createHmac('sha256', secret).update(canonicalText(grant)).digest();
}

/** The path and query of a signed URL: `/media/<bucket>/<key>?exp=…&sig=…[&ct=…][&dl=…]`. */
export function signedMediaPath(secret: string, grant: MediaGrant): string {
  const query = new URLSearchParams({
    exp: String(grant.expiresAt),
    sig: mac(secret, grant).toString('base64url'),
  });
  if (grant.contentType !== undefined) query.set('ct', grant.contentType);
  if (grant.downloadName !== undefined) query.set('dl', grant.downloadName);
  return `/media/${grant.bucket}/${grant.key}?${query.toString()}`;
}

/**
 * Checks a signed URL and returns the grant it carries, or undefined. Expiry is checked first,
 * then the MAC in constant time (performance-and-security.md B6). Callers
 * answer every refusal the same way, so a client never learns which part was wrong.
 */
export function verifyMediaQuery(
  secret: string,
  target: { bucket: string; key: string },
  query: MediaQuery,
  nowMs: number,
): MediaGrant | undefined {
  const { exp, sig, ct, dl } = query;
  if (typeof exp !== 'string' || !EXPIRY_PATTERN.test(exp)) return undefined;
  if (typeof sig !== 'string' || !SIGNATURE_PATTERN.test(sig)) return undefined;
  // Empty would sign the same text as absent; signing never produces either empty.
  if (ct !== undefined && (typeof ct !== 'string' || ct === '')) return undefined;
  if (dl !== undefined && (typeof dl !== 'string' || dl === '')) return undefined;

  const expiresAt = Number(exp);
  if (nowMs >= expiresAt * 1000) return undefined;

  const grant: MediaGrant = { ...target, expiresAt, contentType: ct, downloadName: dl };
  // Compared as text: several base64url strings decode to the same 32 bytes.
  const expected = Buffer.from(mac(secret, grant).toString('base64url'));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return grant;
}
