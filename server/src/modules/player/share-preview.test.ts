import { describe, expect, it } from 'vitest';
import { bytesOf, previewStretch } from './share-preview';

describe('a share preview', () => {
  it('plays the half-minute whose peaks add up to the most, from a whole second', () => {
    // 120 s in 200 peaks (0.6 s each): loud from 72 s to 102 s.
    const peaks = Array.from({ length: 200 }, (_, i) => (i >= 120 && i < 170 ? 0.9 : 0.1));
    expect(previewStretch(120_000, peaks)).toEqual({ startMs: 72_000, lengthMs: 30_000 });
  });

  it('never runs past the end, and starts a track without peaks (or with junk) at its beginning', () => {
    const late = Array.from({ length: 200 }, (_, i) => (i >= 190 ? 1 : 0));
    expect(previewStretch(100_000, late)).toEqual({ startMs: 70_000, lengthMs: 30_000 });
    expect(previewStretch(100_000, null)).toEqual({ startMs: 0, lengthMs: 30_000 });
    expect(previewStretch(100_000, ['loud', Number.NaN])).toEqual({ startMs: 0, lengthMs: 30_000 });
  });

  it('plays a track no longer than the preview whole', () => {
    expect(previewStretch(30_000, [1, 1])).toEqual({ startMs: 0, lengthMs: 30_000 });
    expect(previewStretch(12_345, [1])).toEqual({ startMs: 0, lengthMs: 12_345 });
  });

  it('finds the bytes of a stretch at the rendition’s constant rate, inside the file', () => {
    // 192 kbit/s: 24 bytes a millisecond.
    expect(bytesOf({ startMs: 40_000, lengthMs: 30_000 }, 2_160_000, 90_000)).toEqual({
      start: 960_000,
      length: 720_000,
    });
    expect(bytesOf({ startMs: 80_000, lengthMs: 30_000 }, 2_160_000, 90_000)).toEqual({
      start: 1_920_000,
      length: 240_000,
    });
  });
});
