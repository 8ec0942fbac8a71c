/**
 * Wall-clock spans of listening, in milliseconds since the epoch: `start < end`, and every list
 * sorted by start with no two spans touching (as PostgreSQL's multiranges unnest). The credit
 * works on them: what was heard, less what was credited, and the earliest part of what is left.
 */
export interface Span {
  start: number;
  end: number;
}

/** The parts of `spans` that none of `minus` covers. */
export function subtractSpans(spans: readonly Span[], minus: readonly Span[]): Span[] {
  const left: Span[] = [];
  for (const span of spans) {
    let start = span.start;
    for (const cut of minus) {
      if (cut.end <= start) continue;
      if (cut.start >= span.end) break;
      if (cut.start > start) left.push({ start, end: cut.start });
      start = Math.max(start, cut.end);
      if (start >= span.end) break;
    }
    if (start < span.end) left.push({ start, end: span.end });
  }
  return left;
}

export function spansLength(spans: readonly Span[]): number {
  return spans.reduce((sum, span) => sum + span.end - span.start, 0);
}

/** The earliest `length` milliseconds of `spans` (all of them when they are shorter). */
export function earliestOf(spans: readonly Span[], length: number): Span[] {
  const taken: Span[] = [];
  let wanted = length;
  for (const span of spans) {
    if (wanted <= 0) break;
    const end = Math.min(span.end, span.start + wanted);
    taken.push({ start: span.start, end });
    wanted -= end - span.start;
  }
  return taken;
}
