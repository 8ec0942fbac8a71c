import { createHmac, timingSafeEqual } from 'node:crypto';

/** A webhook older (or newer) than this is refused: a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

export interface WebhookHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** Replicate's webhook signature (replicate.com/docs/topics/webhooks/verify-webhook). */
export function signReplicateWebhook(
  secret: string,
  id: string,
  timestamp: string,
  body: string | Buffer,
): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body.toString()}`).digest('base64');
}

/**
 * True when the headers sign exactly these raw bytes with the secret, within the tolerance.
 * The signature header may list several `v1,<base64>` signatures (during a secret rotation).
 * The replicate SDK's validateWebhook checks no timestamp age; this does.
 */
export function verifyReplicateWebhook(
  secret: string,
  headers: WebhookHeaders,
  rawBody: Buffer,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const expected = Buffer.from(signReplicateWebhook(secret, id, timestamp, rawBody), 'base64');
  return signature.split(' ').some((part) => {
    const [version, value = ''] = part.split(',');
    const given = Buffer.from(value, 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}
