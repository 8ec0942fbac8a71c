const TYPE_BY_EXTENSION: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  zip: 'application/zip',
};

/**
 * Content types a media URL may pin. Anything a browser would run or render as a document
 * (HTML, SVG, XML, scripts) is left out, so even a polyglot upload is never served as a page
 * (performance-and-security.md B9 #6).
 */
const SERVABLE_TYPE =
  /^(?:audio\/[a-z0-9.+-]{1,40}|image\/(?:jpeg|png|webp|gif|avif)|application\/(?:zip|octet-stream))$/;

/** SigV4 refuses a week or more (providers.md §8); local URLs keep the same ceiling so both providers agree. */
const MAX_SIGNED_URL_SECONDS = 7 * 24 * 3600 - 1;

/** A URL lifetime in whole seconds, at least 1 and under a week. Callers clamp to their own policy first. */
export function clampSignedUrlSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.min(Math.max(Math.floor(seconds), 1), MAX_SIGNED_URL_SECONDS) : 1;
}

/** The Content-Type of a key by its extension; unknown extensions are plain bytes. */
export function contentTypeForKey(key: string): string {
  const extension = /\.([a-z0-9]{2,4})$/.exec(key)?.[1];
  return (extension && TYPE_BY_EXTENSION[extension]) ?? 'application/octet-stream';
}

export function isServableContentType(contentType: string): boolean {
  return SERVABLE_TYPE.test(contentType);
}

/** A download name: no control, format (bidi) or path-separator characters, 1 to 200 characters. */
export function isSafeDownloadName(name: string): boolean {
  const length = Array.from(name).length;
  return length >= 1 && length <= 200 && !/[\p{Cc}\p{Cf}/\\]/u.test(name);
}

/**
 * `inline`, or `attachment` with the name twice: an ASCII fallback and the RFC 5987 UTF-8 form
 * every current browser prefers.
 */
export function contentDisposition(downloadName?: string): string {
  if (downloadName === undefined) return 'inline';
  const fallback = downloadName.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(downloadName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Makes a safe download name out of any text (a track title, say): strips what isSafeDownloadName refuses. */
export function toDownloadName(text: string, fallback = 'download'): string {
  const cleaned = text
    .replace(/[\p{Cc}\p{Cf}/\\]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return Array.from(cleaned).slice(0, 200).join('') || fallback;
}
