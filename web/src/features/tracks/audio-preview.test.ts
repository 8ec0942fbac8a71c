import { describe, expect, it } from 'vitest';
import { computePeaks } from './audio-preview';

describe('computePeaks', () => {
  it('takes the loudest sample of each slice across channels, scaled to the loudest slice', () => {
    const left = new Float32Array([0.1, -0.2, 0.05, 0.05, 0, 0, -0.4, 0.1]);
    const right = new Float32Array([0, 0, 0.1, -0.1, 0, 0.2, 0, 0]);
    const peaks = computePeaks([left, right], 4);
    [0.5, 0.25, 0.5, 1].forEach((expected, index) => {
      expect(peaks[index]).toBeCloseTo(expected, 5);
    });
  });

  it('gives zeros for silence or no audio, never NaN', () => {
    expect(computePeaks([new Float32Array(10)], 3)).toEqual([0, 0, 0]);
    expect(computePeaks([], 2)).toEqual([0, 0]);
  });

  it('covers every sample when there are more bars than samples', () => {
    const peaks = computePeaks([new Float32Array([0.5, 1])], 4);
    expect(peaks).toHaveLength(4);
    expect(Math.max(...peaks)).toBe(1);
  });
});
