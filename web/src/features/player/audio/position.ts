import { getAudioElement } from './audio-engine';

/**
 * Where the listener is in the playing track, in whole milliseconds, as the audio element says.
 * Sent with a like, a skip, a leave or a marked moment; the server keeps no more than it observed
 * (decision 0190).
 */
export function positionMs(): number {
  const seconds = getAudioElement().currentTime;
  return Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds * 1000) : 0;
}
