import { SKIP_REASON_LABELS, type LikeSecondsBin, type SkipReason } from '@klang/domain';

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

/** "Based on 5 listeners' notes": whose Blind Notes the figures cover (one listener, one voice). */
export function notesBasis(listeners: number): string {
  return `Based on ${String(listeners)} ${listeners === 1 ? "listener's" : "listeners'"} notes`;
}

/** The skip reasons in a sentence, most given first, for the chart's text alternative. */
export function reasonSummary(reasons: readonly { reason: SkipReason; notes: number }[]): string {
  const total = reasons.reduce((sum, r) => sum + r.notes, 0);
  if (total === 0) return 'No skip reasons given yet.';
  const top = [...reasons].sort((a, b) => b.notes - a.notes)[0];
  if (!top) return 'No skip reasons given yet.';
  const tied = reasons.filter((r) => r.notes === top.notes).map((r) => SKIP_REASON_LABELS[r.reason]);
  const leader =
    tied.length > 1
      ? `${tied.slice(0, -1).join(', ')} and ${String(tied.at(-1))} tie`
      : `${SKIP_REASON_LABELS[top.reason]} leads`;
  return `${String(total)} skip ${total === 1 ? 'reason' : 'reasons'}; ${leader} with ${String(top.notes)}.`;
}

/** The moment map in a sentence: how many marks, and where most of them fell. */
export function momentSummary(moments: readonly { positionMs: number; notes: number }[]): string {
  const total = moments.reduce((sum, m) => sum + m.notes, 0);
  const peak = moments.reduce<{ positionMs: number; notes: number } | null>(
    (best, m) => (m.notes > (best?.notes ?? 0) ? m : best),
    null,
  );
  if (total === 0 || !peak) return 'No moments marked yet.';
  return `${String(total)} ${total === 1 ? 'moment' : 'moments'} marked; the most, ${String(peak.notes)}, at ${formatPosition(peak.positionMs)}.`;
}
