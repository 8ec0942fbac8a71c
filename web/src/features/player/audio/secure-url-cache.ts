import { playerApi } from '../api/player-api';

/** Spec 000 §9: a URL is reused until 60 s before it expires. */
const REFRESH_MARGIN_MS = 60_000;

const cache = new Map<string, { url: string; expiresAt: number }>();

/** A playable URL for the track, from the cache while it has more than a minute left. */
export async function getSecureUrl(
  trackId: string,
  purpose: 'playback' | 'preload' = 'playback',
): Promise<string> {
  const cached = cache.get(trackId);
  if (cached && cached.expiresAt - REFRESH_MARGIN_MS > Date.now()) return cached.url;
  const fresh = await playerApi.secureUrl(trackId, purpose);
  cache.set(trackId, fresh);
  return fresh.url;
}

/** Whether the cached URL for a track has run out (a paused track resumed much later). */
export function isSecureUrlStale(trackId: string): boolean {
  const cached = cache.get(trackId);
  return !cached || cached.expiresAt - REFRESH_MARGIN_MS <= Date.now();
}

/** Spec 000 §4: cached secure URLs are cleared on sign-out. */
export function clearSecureUrlCache(): void {
  cache.clear();
}
