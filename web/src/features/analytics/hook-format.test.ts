import { describe, expect, it } from 'vitest';
import {
  compareWithMedian,
  formatPosition,
  formatShare,
  likeBinDescription,
  likeBinLabel,
  momentSummary,
  notesBasis,
  reasonSummary,
} from './hook-format';

describe('hook analytics formatting', () => {
  it('shows positions as m:ss and shares as whole percentages', () => {
    expect(formatPosition(0)).toBe('0:00');
    expect(formatPosition(65_400)).toBe('1:05');
    expect(formatPosition(599_600)).toBe('10:00');
    expect(formatShare(0.416)).toBe('42%');
    expect(formatShare(null)).toBe('—');
  });

  it('labels closed and open bins', () => {
    expect(likeBinLabel({ fromSeconds: 5, toSeconds: 10, likes: 1 })).toBe('5–10');
    expect(likeBinLabel({ fromSeconds: 120, toSeconds: null, likes: 1 })).toBe('120+');
    expect(likeBinDescription({ fromSeconds: 120, toSeconds: null, likes: 1 })).toBe('120 s or more');
  });

  it('compares a like rate with the genre median in points', () => {
    expect(compareWithMedian(0.45, 0.32)).toEqual({
      tone: 'above',
      text: '13 pts above the genre median 32%',
    });
    expect(compareWithMedian(0.2, 0.5)).toEqual({ tone: 'below', text: '30 pts below the genre median 50%' });
    expect(compareWithMedian(0.321, 0.318)?.tone).toBe('level');
    expect(compareWithMedian(0.3, null)).toBeNull();
    expect(compareWithMedian(null, 0.3)).toBeNull();
  });

  it("words the Blind Notes for the charts' text alternatives", () => {
    expect(notesBasis(5)).toBe("Based on 5 listeners' notes");
    const reasons = (counts: number[]) =>
      (['intro-too-long', 'not-my-style', 'mix-or-sound', 'vocals', 'too-slow', 'too-fast'] as const).map(
        (reason, i) => ({ reason, notes: counts[i] ?? 0 }),
      );
    expect(reasonSummary(reasons([4, 2, 1, 0, 3, 0]))).toBe('10 skip reasons; Intro too long leads with 4.');
    expect(reasonSummary(reasons([3, 0, 0, 3, 3, 0]))).toBe(
      '9 skip reasons; Intro too long, Vocals and Too slow tie with 3.',
    );
    expect(reasonSummary(reasons([0, 0, 0, 0, 0, 1]))).toBe('1 skip reason; Too fast leads with 1.');
    expect(reasonSummary(reasons([]))).toBe('No skip reasons given yet.');
    expect(
      momentSummary([
        { positionMs: 0, notes: 1 },
        { positionMs: 45_000, notes: 4 },
        { positionMs: 90_000, notes: 4 },
      ]),
    ).toBe('9 moments marked; the most, 4, at 0:45.');
    expect(momentSummary([{ positionMs: 0, notes: 0 }])).toBe('No moments marked yet.');
    expect(momentSummary([])).toBe('No moments marked yet.');
  });
});
