import { describe, expect, it } from 'vitest';
import { earliestOf, spansLength, subtractSpans } from './listening-spans';

const s = (start: number, end: number) => ({ start, end });

describe('listening spans', () => {
  it('subtracts what was credited, wherever it falls', () => {
    expect(subtractSpans([s(0, 100)], [])).toEqual([s(0, 100)]);
    expect(subtractSpans([s(0, 100)], [s(-10, 10), s(40, 60), s(90, 200)])).toEqual([s(10, 40), s(60, 90)]);
    expect(subtractSpans([s(0, 10), s(20, 30)], [s(5, 25)])).toEqual([s(0, 5), s(25, 30)]);
    expect(subtractSpans([s(0, 10)], [s(0, 10)])).toEqual([]);
    expect(subtractSpans([s(50, 60)], [s(0, 10), s(70, 80)])).toEqual([s(50, 60)]);
  });

  it('measures and takes the earliest part', () => {
    const spans = [s(0, 30), s(100, 160)];
    expect(spansLength(spans)).toBe(90);
    expect(earliestOf(spans, 20)).toEqual([s(0, 20)]);
    expect(earliestOf(spans, 45)).toEqual([s(0, 30), s(100, 115)]);
    expect(earliestOf(spans, 500)).toEqual(spans);
    expect(earliestOf(spans, 0)).toEqual([]);
  });
});
