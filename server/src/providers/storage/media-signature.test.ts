import { describe, expect, it } from 'vitest';
import { signedMediaPath, verifyMediaQuery } from './media-signature';

const SECRET = 'signature-test-secret-0123456789abcdef';
const target = { bucket: 'tracks', key: 'ab/abcdefghijklmnopqrstuvwx.mp3' };
const expiresAt = 1_800_000_000;

function queryOf(path: string) {
  return Object.fromEntries(new URL(path, 'http://x').searchParams);
}

describe('media signatures', () => {
  const query = queryOf(signedMediaPath(SECRET, { ...target, expiresAt }));

  it('accepts its own signature until the expiry second', () => {
    expect(verifyMediaQuery(SECRET, target, query, expiresAt * 1000 - 1)).toMatchObject({
      ...target,
      expiresAt,
    });
    expect(verifyMediaQuery(SECRET, target, query, expiresAt * 1000)).toBeUndefined();
  });

  it('refuses another secret, object or expiry', () => {
    expect(verifyMediaQuery('another-secret-0123456789abcdef0123', target, query, 0)).toBeUndefined();
    expect(verifyMediaQuery(SECRET, { ...target, bucket: 'coverart' }, query, 0)).toBeUndefined();
    expect(
      verifyMediaQuery(SECRET, { ...target, key: 'ab/abcdefghijklmnopqrstuvwy.mp3' }, query, 0),
    ).toBeUndefined();
    expect(verifyMediaQuery(SECRET, target, { ...query, exp: String(expiresAt + 1) }, 0)).toBeUndefined();
  });

  it('accepts one spelling only: no leading zeros, no other base64 of the same bytes', () => {
    expect(verifyMediaQuery(SECRET, target, { ...query, exp: `0${query.exp ?? ''}` }, 0)).toBeUndefined();
    const sig = query.sig ?? '';
    const last = sig.at(-1) ?? 'A';
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    // The last of 43 characters carries 4 bits; its 2 low bits are padding and decode to the same bytes.
    const sameBytes = alphabet[alphabet.indexOf(last) ^ 1] ?? last;
    expect(Buffer.from(sig.slice(0, -1) + sameBytes, 'base64url')).toEqual(Buffer.from(sig, 'base64url'));
    expect(
      verifyMediaQuery(SECRET, target, { ...query, sig: sig.slice(0, -1) + sameBytes }, 0),
    ).toBeUndefined();
  });

  it('refuses malformed fields without throwing', () => {
    for (const bad of [
      {},
      { exp: query.exp },
      { sig: query.sig },
      { ...query, exp: ['1', '2'] },
      { ...query, sig: 5 },
    ]) {
      expect(verifyMediaQuery(SECRET, target, bad, 0)).toBeUndefined();
    }
  });
});
