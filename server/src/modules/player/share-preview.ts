import { BLIND_SHARE_RULES } from '@klang/domain';
import type { ByteWindow } from '../../providers/storage/stream-grant';

/** A stretch of a track: where it starts and how long it lasts, in milliseconds. */
export interface Stretch {
  startMs: number;
  lengthMs: number;
}

const PREVIEW_MS = BLIND_SHARE_RULES.previewSeconds * 1000;

/**
 * The stretch of a track a share's preview plays (decision 0308): the half-minute whose waveform
 * peaks add up to the most, which in a club track is the drop rather than the DJ intro, starting
 * on a whole second. A track no longer than the preview plays whole, and one with no peaks from
 * its start.
 */
export function previewStretch(durationMs: number, peaks: unknown): Stretch {
  if (durationMs <= PREVIEW_MS) return { startMs: 0, lengthMs: durationMs };
  const values = Array.isArray(peaks)
    ? peaks.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : 0))
    : [];
  if (values.length === 0) return { startMs: 0, lengthMs: PREVIEW_MS };
  const msPerPeak = durationMs / values.length;
  const span = Math.min(values.length, Math.max(1, Math.round(PREVIEW_MS / msPerPeak)));
  let sum = values.slice(0, span).reduce((total, value) => total + value, 0);
  let best = { at: 0, sum };
  for (let at = 1; at + span <= values.length; at += 1) {
    sum += (values[at + span - 1] ?? 0) - (values[at - 1] ?? 0);
    if (sum > best.sum) best = { at, sum };
  }
  const startMs = Math.min(Math.floor((best.at * msPerPeak) / 1000) * 1000, durationMs - PREVIEW_MS);
  return { startMs, lengthMs: PREVIEW_MS };
}

/**
 * The bytes of a constant-bit-rate rendition of `byteSize` bytes and `durationMs` that hold
 * `stretch`; the stream route moves the start on to the first frame.
 */
export function bytesOf(stretch: Stretch, byteSize: number, durationMs: number): ByteWindow {
  const perMs = byteSize / durationMs;
  const start = Math.min(byteSize, Math.floor(stretch.startMs * perMs));
  return { start, length: Math.max(1, Math.min(byteSize - start, Math.ceil(stretch.lengthMs * perMs))) };
}
