import type { AbTest, AbVersionFigures } from '@klang/domain';
import { formatLocalLongDate } from '../../lib/format-date';
import { formatPosition, formatShare } from './hook-format';

/** A version as the artist knows it: its title, and its length where the upload has one. */
export function versionLabel(version: { title: string; durationMs: number | null }): string {
  return version.durationMs === null
    ? version.title
    : `${version.title} · ${formatPosition(version.durationMs)}`;
}

/** A listener count the way the cap is typed and read: 2,000. */
export function formatListeners(count: number): string {
  return count.toLocaleString('en-GB');
}

/**
 * A probability as a percentage with one decimal. The bar to win starts above 99.99 % and
 * ends near 98.7 % (decision 0303), so whole percentages would show "100%" for most of a test;
 * the ends say "over 99.9%" rather than a certainty no test has.
 */
export function formatProbability(p: number): string {
  if (p >= 0.9995) return 'over 99.9%';
  if (p <= 0.0005) return 'under 0.1%';
  return `${(Math.round(p * 1000) / 10).toFixed(1)}%`;
}

/** The like rate's 95 % interval in words: "31–49%". */
export function formatInterval(interval: { low: number; high: number }): string {
  return `${formatShare(interval.low).replace('%', '')}–${formatShare(interval.high)}`;
}

/** Where the test stands, in one or two sentences: the status line above the comparison. */
export function testStatusLine(test: AbTest): string {
  const ended = test.endedAt ? formatLocalLongDate(new Date(test.endedAt)) : '';
  switch (test.status) {
    case 'running':
      return `Running since ${formatLocalLongDate(new Date(test.startedAt))}. It stops when one version is clearly better, or at the cap.`;
    case 'b-won':
      return `Version B won on ${ended} and is now the featured version. The likes of both stay the track's.`;
    case 'a-won':
      return `Version A won on ${ended} and stays the featured version. The likes of both stay the track's.`;
    case 'no-clear-winner':
      // Decision 0303: at the cap this is an answer, not a failure.
      return `No clear winner at the cap: no difference big enough to matter at this many listeners. Version A stays featured; which one to keep is your choice.`;
    case 'stopped':
      return `Stopped on ${ended} without a winner. Version A stays the featured version.`;
  }
}

/** One version's figures in a sentence, for the card's text alternative and the chart summary. */
export function figuresSummary(name: string, figures: AbVersionFigures | null): string {
  if (!figures) return `${name}: not enough listeners yet.`;
  const rate =
    figures.likeRate === null
      ? 'no likes or skips yet'
      : `a like rate of ${formatShare(figures.likeRate)}${figures.interval ? ` (95% interval ${formatInterval(figures.interval)})` : ''}`;
  return `${name}: ${String(figures.listeners)} listeners, ${rate}.`;
}

/** Both skip curves in a sentence: how many still listened halfway and at the end. */
export function curvesSummary(a: AbVersionFigures | null, b: AbVersionFigures | null): string {
  const describe = (name: string, figures: AbVersionFigures | null) => {
    const points = figures?.skipCurve ?? [];
    const half = points[Math.floor(points.length / 2)];
    const end = points.at(-1);
    if (!half || !end) return `${name}: no curve yet.`;
    return `${name}: ${formatShare(half.share)} still listening at ${formatPosition(half.positionMs)}, ${formatShare(end.share)} at the end.`;
  };
  return `${describe('Version A', a)} ${describe('Version B', b)}`;
}
