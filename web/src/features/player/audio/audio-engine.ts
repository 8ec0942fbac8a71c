import { PLAYER_MESSAGES } from '@klang/domain';
import { ApiError } from '../../../lib/api-error';
import { readPackAudio } from '../offline-pack/pack-audio';
import { findPackTrack } from '../offline-pack/pack-record';
import { usePlayerStore } from '../player-store';
import { createPreloadQueue } from './preload-queue';
import { getSecureUrl, isSecureUrlStale } from './secure-url-cache';

/**
 * One audio element for the whole app. WARNING: phones (iOS Safari above all) let a page play
 * sound only from an element that was started inside a user gesture; reusing the one element
 * that the first tap unlocked is what lets the next track play after a swipe.
 */
let element: HTMLAudioElement | undefined;

export function getAudioElement(): HTMLAudioElement {
  if (!element) {
    element = new Audio();
    element.preload = 'auto';
  }
  return element;
}

// The object URL of an offline pack track's saved audio while the element holds it: revoked as
// soon as another source replaces it, or the blob would stay in memory until the page closes.
let objectUrl: { trackId: string; url: string } | null = null;

function releaseObjectUrl(): void {
  if (objectUrl) URL.revokeObjectURL(objectUrl.url);
  objectUrl = null;
}

/**
 * Where the element reads `trackId` from: an offline pack's track from its audio saved on the
 * device, with no network call at all (issue 32 item 3); any other from a secure URL.
 */
async function sourceOf(trackId: string): Promise<{ url: string; isSaved: boolean }> {
  const saved = findPackTrack(trackId);
  if (!saved) return { url: await getSecureUrl(trackId, 'playback'), isSaved: false };
  const audio = await readPackAudio(saved.slot);
  if (!audio)
    throw new ApiError({ status: 0, code: 'NOT_FOUND', message: PLAYER_MESSAGES.audioFailedToLoad });
  return { url: URL.createObjectURL(audio), isSaved: true };
}

/** Loads a track's audio into the element and plays it from `startAt`, resolving once it plays. */
export async function playTrack(trackId: string, startAt = 0): Promise<void> {
  const audio = getAudioElement();
  audio.pause();
  const { url, isSaved } = await sourceOf(trackId);
  releaseObjectUrl();
  if (isSaved) objectUrl = { trackId, url };
  audio.src = url;
  audio.currentTime = startAt;
  await audio.play();
}

/**
 * Resumes the current track. A URL that expired while paused is replaced first and playback
 * continues from the same position (docs/footguns.md: signed URLs expiring mid-play); a saved
 * track's object URL never expires.
 */
export async function resumeTrack(trackId: string): Promise<void> {
  const audio = getAudioElement();
  if (objectUrl?.trackId === trackId && audio.src) {
    await audio.play();
    return;
  }
  if (isSecureUrlStale(trackId) || !audio.src) {
    await playTrack(trackId, audio.currentTime);
    return;
  }
  await audio.play();
}

export function pauseAudio(): void {
  getAudioElement().pause();
}

/** Spec 000 §4 reset: stop, clear the source. */
export function resetAudio(): void {
  const audio = getAudioElement();
  audio.pause();
  audio.removeAttribute('src');
  audio.load();
  releaseObjectUrl();
}

const preloads = createPreloadQueue((trackId) => getSecureUrl(trackId, 'preload'));

/** Fetches a track's URL ahead of time, so the swipe or tap plays without waiting for it. */
export function preloadTrack(trackId: string): void {
  preloads.add(trackId);
}

/** Sign-out: forget the tracks still waiting to be preloaded. */
export function clearPreloads(): void {
  preloads.clear();
}

/**
 * Spec 000 §4 pauseForNavigation: a screen that needs the speakers (a Kit tool) pauses what was
 * playing and remembers that it was.
 */
export function pauseForNavigation(): void {
  const audio = getAudioElement();
  if (audio.paused) return;
  usePlayerStore.getState().setWasPlayingBeforePause(true);
  audio.pause();
}

/** Spec 000 §4 resumeFromNavigation: plays on from the same place if it was playing before. */
export async function resumeFromNavigation(): Promise<void> {
  const { wasPlayingBeforePause, currentTrack, setWasPlayingBeforePause } = usePlayerStore.getState();
  if (!wasPlayingBeforePause) return;
  setWasPlayingBeforePause(false);
  if (currentTrack) await resumeTrack(currentTrack.id);
}
