import type { ChartEntry } from '@klang/domain';

export type ChartSegment =
  | { kind: 'track'; entry: ChartEntry }
  | { kind: 'hidden'; entries: ChartEntry[]; first: number; last: number };

/**
 * A chart as the screen lays it out: the tracks the listener revealed one per row, and each run
 * of two or more hidden tracks as one line, so a new listener's chart is not twenty lock rows.
 */
export function segmentChart(entries: readonly ChartEntry[]): ChartSegment[] {
  const segments: ChartSegment[] = [];
  let run: ChartEntry[] = [];
  const flush = () => {
    const [head] = run;
    const tail = run.at(-1);
    if (run.length === 1 && head) segments.push({ kind: 'track', entry: head });
    else if (head && tail)
      segments.push({ kind: 'hidden', entries: run, first: head.position, last: tail.position });
    run = [];
  };
  for (const entry of entries) {
    if (entry.track.isRevealed) {
      flush();
      segments.push({ kind: 'track', entry });
    } else {
      run.push(entry);
    }
  }
  flush();
  return segments;
}
