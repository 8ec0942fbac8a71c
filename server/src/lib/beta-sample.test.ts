import { describe, expect, it } from 'vitest';
import { betaSample } from './beta-sample';
import { createRng } from './random';

describe('betaSample', () => {
  it.each([
    [2, 5],
    [0.4, 0.6],
    [30, 10],
  ])('draws Beta(%f, %f) with its mean and variance', (a, b) => {
    const rng = createRng(`beta-${a}-${b}`);
    const draws = Array.from({ length: 40_000 }, () => betaSample(a, b, () => rng.next()));
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    const variance = draws.reduce((s, x) => s + (x - mean) ** 2, 0) / draws.length;
    const trueMean = a / (a + b);
    const trueVariance = (a * b) / ((a + b) ** 2 * (a + b + 1));
    expect(draws.every((x) => x >= 0 && x <= 1)).toBe(true);
    expect(Math.abs(mean - trueMean)).toBeLessThan(0.01);
    expect(Math.abs(variance - trueVariance) / trueVariance).toBeLessThan(0.05);
  });
});
