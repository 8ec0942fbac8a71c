import type { LikeSecondsBin } from '@klang/domain';

/** A position in the track as m:ss (1:05), the way a player shows it. */
export function formatPosition(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${String(Math.floor(seconds / 60))}:${String(seconds % 60).padStart(2, '0')}`;
}

/** A share (0 … 1) as a whole percentage; an em dash when there is none. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${String(Math.round(share * 100))}%`;
}

/** A histogram bin's short label, as under the bars: "0–5", "120+". */
export function likeBinLabel(bin: LikeSecondsBin): string {
  return bin.toSeconds === null
    ? `${String(bin.fromSeconds)}+`
    : `${String(bin.fromSeconds)}–${String(bin.toSeconds)}`;
}

/** The same bin in words, for tables and screen readers. */
export function likeBinDescription(bin: LikeSecondsBin): string {
  return bin.toSeconds === null
    ? `${String(bin.fromSeconds)} s or more`
    : `${String(bin.fromSeconds)} to ${String(bin.toSeconds)} s`;
}

export type MedianComparison = { tone: 'above' | 'below' | 'level'; text: string };

/**
 * The track's like rate against its genre's median, in percentage points: within one point
 * counts as level. Null when either rate is missing.
 */
export function compareWithMedian(rate: number | null, median: number | null): MedianComparison | null {
  if (rate === null || median === null) return null;
  const points = Math.round((rate - median) * 100);
  const genre = `genre median ${formatShare(median)}`;
  if (Math.abs(points) < 1) return { tone: 'level', text: `Level with the ${genre}` };
  return points > 0
    ? { tone: 'above', text: `${String(points)} pts above the ${genre}` }
    : { tone: 'below', text: `${String(-points)} pts below the ${genre}` };
}
