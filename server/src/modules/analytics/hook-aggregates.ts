import { stringify } from 'csv-stringify/sync';
import {
  asSpreadsheetText,
  HOOKS,
  SKIP_REASONS,
  type BlindNotesAggregate,
  type LikeSecondsBin,
  type ReadyTrackHooks,
  type SkipCurvePoint,
  type TrackHooks,
} from '@klang/domain';
import type { HearingGroupRow, NoteGroupRow } from './hooks.repository';

type Aggregates = Omit<
  ReadyTrackHooks,
  'status' | 'trackId' | 'title' | 'genre' | 'genreMedianLikeRate' | 'blindNotes' | 'waveform'
>;

/** The stored peaks as the answer's waveform: numbers in 0..1 only, anything else is none. */
export function waveformOf(peaks: unknown): number[] {
  if (!Array.isArray(peaks)) return [];
  const values = peaks.slice(0, 1000);
  return values.every((v): v is number => typeof v === 'number' && v >= 0 && v <= 1) ? values : [];
}

/**
 * The skip curve: at each step i of the track (i / steps of its length), the share of positioned
 * deals not skipped or left before that point. A like is never a drop-off: the listener kept
 * the track, so it counts as still listening at its position and after it.
 */
function skipCurve(groups: HearingGroupRow[], durationMs: number | null): ReadyTrackHooks['skipCurve'] {
  // Without a length no position means anything: every deal is then one without a position.
  const positioned = durationMs === null ? [] : groups.filter((g) => g.step !== null);
  const total = positioned.reduce((sum, g) => sum + g.deals, 0);
  const withoutPosition = groups.reduce((sum, g) => sum + g.deals, 0) - total;
  // The curve is a distribution over the listeners with a position: it needs the floor of its own.
  const contributors = groups[0]?.positioned_listeners ?? 0;
  if (total === 0 || durationMs === null || contributors < HOOKS.minListeners)
    return { positioned: total, withoutPosition, points: [] };
  const points: SkipCurvePoint[] = [];
  for (let i = 0; i <= HOOKS.curveSteps; i++) {
    const still = positioned
      .filter((g) => g.ended_as === 'like' || (g.step ?? -1) >= i)
      .reduce((sum, g) => sum + g.deals, 0);
    points.push({ positionMs: Math.round((i * durationMs) / HOOKS.curveSteps), share: still / total });
  }
  return { positioned: total, withoutPosition, points };
}

/** The median of a multiset given as value → count; null when empty. */
function median(counts: Map<number, number>): number | null {
  const values = [...counts.entries()].sort(([a], [b]) => a - b);
  const n = values.reduce((sum, [, count]) => sum + count, 0);
  if (n === 0) return null;
  const at = (k: number): number => {
    let seen = 0;
    for (const [value, count] of values) {
      seen += count;
      if (k < seen) return value;
    }
    throw new Error('k is below n');
  };
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

function secondsToLike(groups: HearingGroupRow[]): ReadyTrackHooks['secondsToLike'] {
  const seconds = new Map<number, number>();
  for (const g of groups) {
    if (g.like_second !== null) seconds.set(g.like_second, (seconds.get(g.like_second) ?? 0) + g.deals);
  }
  const edges = HOOKS.likeSecondEdges;
  const bins: LikeSecondsBin[] = edges.map((from, i) => ({
    fromSeconds: from,
    toSeconds: edges[i + 1] ?? null,
    likes: 0,
  }));
  for (const [second, count] of seconds) {
    const bin = bins.findLast((b) => second >= b.fromSeconds);
    if (bin) bin.likes += count;
  }
  const timedLikes = bins.reduce((sum, b) => sum + b.likes, 0);
  // A distribution over the likers: shown once it has the floor of listeners of its own.
  if ((groups[0]?.timed_listeners ?? 0) < HOOKS.minListeners)
    return { timedLikes, medianSeconds: null, bins: [] };
  return { timedLikes, medianSeconds: median(seconds), bins };
}

/**
 * The aggregates of one track's published snapshot (the grouped rows of
 * `hearingGroups`); null below the listener floor, where there are no rows.
 */
export function aggregateHearings(groups: HearingGroupRow[], durationMs: number | null): Aggregates | null {
  const listeners = groups[0]?.listeners ?? 0;
  if (listeners < HOOKS.minListeners) return null;
  const count = (endedAs: HearingGroupRow['ended_as']) =>
    groups.filter((g) => g.ended_as === endedAs).reduce((sum, g) => sum + g.deals, 0);
  const likes = count('like');
  const skips = count('skip');
  const left = count('left');
  return {
    durationMs,
    listeners,
    deals: likes + skips + left,
    likes,
    skips,
    left,
    likeRate: likes + skips > 0 ? likes / (likes + skips) : null,
    skipCurve: skipCurve(groups, durationMs),
    secondsToLike: secondsToLike(groups),
  };
}

/**
 * Blind Notes of one track's published snapshot (the grouped rows of `noteGroups`): every
 * reason's count, and moments on the skip curve's grid (none without a length); null below the
 * floor of note-giving listeners, where there are no rows.
 */
export function aggregateNotes(
  groups: NoteGroupRow[],
  durationMs: number | null,
): BlindNotesAggregate | null {
  const listeners = groups[0]?.listeners ?? 0;
  if (listeners < HOOKS.minListeners) return null;
  const reasons = SKIP_REASONS.map((reason) => ({
    reason,
    notes: groups
      .filter((g) => g.kind === 'reason' && g.reason === reason)
      .reduce((sum, g) => sum + g.notes, 0),
  }));
  const moments =
    durationMs === null || durationMs <= 0
      ? []
      : Array.from({ length: HOOKS.curveSteps + 1 }, (_, i) => ({
          positionMs: Math.round((i * durationMs) / HOOKS.curveSteps),
          notes: groups
            .filter((g) => g.kind === 'moment' && g.step === i)
            .reduce((sum, g) => sum + g.notes, 0),
        }));
  return { listeners, reasons, moments };
}

const rate = (value: number | null) => (value === null ? '' : value.toFixed(4));

/**
 * The CSV export of the same aggregates as the JSON: one row per measure (section, measure,
 * value), RFC 4180 quoting. Below the floor it says so and carries no listener number.
 */
export function hooksCsv(hooks: TrackHooks): string {
  const rows: (string | number)[][] = [
    ['section', 'measure', 'value'],
    ['track', 'title', asSpreadsheetText(hooks.title)],
    ['track', 'status', hooks.status],
  ];
  if (hooks.status === 'not_enough_listeners') {
    rows.push(['track', 'min_listeners', hooks.minListeners]);
    return stringify(rows, { record_delimiter: 'windows' });
  }
  rows.push(
    ['track', 'genre', asSpreadsheetText(hooks.genre)],
    ['track', 'duration_ms', hooks.durationMs ?? ''],
    ['summary', 'listeners', hooks.listeners],
    ['summary', 'deals', hooks.deals],
    ['summary', 'likes', hooks.likes],
    ['summary', 'skips', hooks.skips],
    ['summary', 'left', hooks.left],
    ['summary', 'like_rate', rate(hooks.likeRate)],
    ['summary', 'genre_median_like_rate', rate(hooks.genreMedianLikeRate)],
    ['skip_curve', 'positioned_deals', hooks.skipCurve.positioned],
    ['skip_curve', 'deals_without_position', hooks.skipCurve.withoutPosition],
    ...hooks.skipCurve.points.map((p) => [
      'skip_curve',
      `still_listening_at_${String(p.positionMs)}ms`,
      rate(p.share),
    ]),
    ['seconds_to_like', 'timed_likes', hooks.secondsToLike.timedLikes],
    ['seconds_to_like', 'median_seconds', hooks.secondsToLike.medianSeconds ?? ''],
    ...hooks.secondsToLike.bins.map((b) => [
      'seconds_to_like',
      b.toSeconds === null
        ? `likes_from_${String(b.fromSeconds)}s`
        : `likes_${String(b.fromSeconds)}s_to_${String(b.toSeconds)}s`,
      b.likes,
    ]),
  );
  const notes = hooks.blindNotes;
  rows.push(['blind_notes', 'listeners', notes?.listeners ?? '']);
  if (notes) {
    rows.push(
      ...notes.reasons.map((r) => ['blind_notes', `reason_${r.reason}`, r.notes]),
      ...notes.moments.map((m) => ['blind_notes', `moments_at_${String(m.positionMs)}ms`, m.notes]),
    );
  }
  return stringify(rows, { record_delimiter: 'windows' });
}
