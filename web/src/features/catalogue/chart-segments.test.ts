import { MASK, type ChartEntry } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { segmentChart } from './chart-segments';

const masked = (position: number): ChartEntry => ({
  position,
  figures: null,
  movement: null,
  track: { isRevealed: false, title: MASK, artist: MASK, genre: MASK, label: MASK },
});
const revealed = (position: number): ChartEntry => ({
  position,
  figures: { share: 0.5, listeners: 12, cautiousShare: 0.25, likes: 9 },
  movement: null,
  track: {
    isRevealed: true,
    id: `00000000-0000-4000-8000-0000000000${String(position).padStart(2, '0')}`,
    title: `Track ${position}`,
    artist: 'Mara',
    artistId: '00000000-0000-4000-8000-000000000000',
    genre: 'House / Tech House',
    label: 'Unsigned',
    coverUrl: null,
    durationMs: null,
    sound: { bpm: null, key: null, energy: null },
  },
});

const shape = (entries: ChartEntry[]) =>
  segmentChart(entries).map((s) => (s.kind === 'track' ? s.entry.position : `${s.first}-${s.last}`));

describe('segmentChart', () => {
  it('folds each run of two or more hidden tracks into one line', () => {
    expect(shape([masked(1), masked(2), revealed(3), masked(4), masked(5), masked(6)])).toEqual([
      '1-2',
      3,
      '4-6',
    ]);
  });

  it('keeps a lone hidden track as its own row, and a fully revealed chart as rows', () => {
    expect(shape([revealed(1), masked(2), revealed(3)])).toEqual([1, 2, 3]);
    expect(shape([revealed(1), revealed(2)])).toEqual([1, 2]);
  });

  it('folds a chart of hidden tracks into one line that keeps every entry', () => {
    const entries = Array.from({ length: 18 }, (_, i) => masked(i + 1));
    const segments = segmentChart(entries);
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ kind: 'hidden', first: 1, last: 18 });
    expect(segments[0]?.kind === 'hidden' && segments[0].entries).toHaveLength(18);
    expect(segmentChart([])).toEqual([]);
  });
});
