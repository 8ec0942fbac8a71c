import { describe, expect, it } from 'vitest';
import { buildDailySeries } from './dashboard-series';

describe('buildDailySeries', () => {
  const a = '00000000-0000-4000-8000-000000000001';
  const b = '00000000-0000-4000-8000-000000000002';
  const daily = [
    { day: '2026-11-20', trackId: a, plays: 4, likes: 1 },
    { day: '2026-11-20', trackId: b, plays: 2, likes: 0 },
    { day: '2026-11-22', trackId: a, plays: 1, likes: 2 },
    { day: '2026-09-01', trackId: a, plays: 99, likes: 99 },
  ];
  const today = new Date('2026-11-22T10:00:00Z');

  it('fills every day up to today and sums all tracks', () => {
    const series = buildDailySeries(daily, null, 3, today);
    expect(series).toEqual([
      { day: '2026-11-20', plays: 6, likes: 1 },
      { day: '2026-11-21', plays: 0, likes: 0 },
      { day: '2026-11-22', plays: 1, likes: 2 },
    ]);
  });

  it('keeps to one track when asked', () => {
    expect(buildDailySeries(daily, b, 3, today).map((p) => p.plays)).toEqual([2, 0, 0]);
  });
});
