import { describe, expect, it } from 'vitest';
import {
  AB_TEST,
  abVerdict,
  normalCdf,
  probabilityBBeatsA,
  wilsonInterval,
  winningThreshold,
} from './ab-test';

/** P(pB > pA) by numerical integration over a fine grid, to check the closed form against. */
function integrated(a: { likes: number; rated: number }, b: { likes: number; rated: number }): number {
  const steps = 4000;
  const density = (x: number, l: number, r: number) => Math.exp(l * Math.log(x) + (r - l) * Math.log(1 - x));
  const xs = Array.from({ length: steps }, (_, i) => (i + 0.5) / steps);
  const fa = xs.map((x) => density(x, a.likes, a.rated));
  const fb = xs.map((x) => density(x, b.likes, b.rated));
  const za = fa.reduce((s, v) => s + v, 0);
  const zb = fb.reduce((s, v) => s + v, 0);
  let cdfA = 0;
  let p = 0;
  for (let i = 0; i < steps; i++) {
    p += ((fb[i] ?? 0) / zb) * (cdfA + (fa[i] ?? 0) / za / 2);
    cdfA += (fa[i] ?? 0) / za;
  }
  return p;
}

describe('A/B test statistics', () => {
  it('gives the known probabilities of the closed form', () => {
    expect(probabilityBBeatsA({ likes: 0, rated: 0 }, { likes: 0, rated: 0 })).toBeCloseTo(0.5, 12);
    // Beta(2, 1) against the uniform: 2/3.
    expect(probabilityBBeatsA({ likes: 0, rated: 0 }, { likes: 1, rated: 1 })).toBeCloseTo(2 / 3, 12);
    expect(probabilityBBeatsA({ likes: 30, rated: 100 }, { likes: 30, rated: 100 })).toBeCloseTo(0.5, 10);
  });

  it('agrees with numerical integration, and is symmetric', () => {
    const cases = [
      [
        { likes: 12, rated: 40 },
        { likes: 19, rated: 45 },
      ],
      [
        { likes: 300, rated: 1000 },
        { likes: 350, rated: 1000 },
      ],
      [
        { likes: 3, rated: 5 },
        { likes: 0, rated: 5 },
      ],
    ] as const;
    for (const [a, b] of cases) {
      const p = probabilityBBeatsA(a, b);
      expect(p).toBeCloseTo(integrated(a, b), 4);
      expect(p + probabilityBBeatsA(b, a)).toBeCloseTo(1, 10);
    }
  });

  it('holds for a large test, whose first terms are below what a double holds', () => {
    const p = probabilityBBeatsA({ likes: 600, rated: 2000 }, { likes: 700, rated: 2000 });
    const se = Math.sqrt((0.3 * 0.7) / 2000 + (0.35 * 0.65) / 2000);
    expect(p).toBeCloseTo(normalCdf(0.05 / se), 3);
    expect(probabilityBBeatsA({ likes: 6000, rated: 20000 }, { likes: 6000, rated: 20000 })).toBeCloseTo(
      0.5,
      6,
    );
  });

  it('draws the Wilson interval around the rate, within 0 and 1', () => {
    const { low, high } = wilsonInterval(30, 100);
    expect(low).toBeCloseTo(0.2189, 3);
    expect(high).toBeCloseTo(0.3958, 3);
    expect(wilsonInterval(0, 5).low).toBe(0);
    expect(wilsonInterval(5, 5).high).toBeCloseTo(1, 12);
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });

  it('asks more early than at the cap, and never less than 95 %', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 6);
    const cap = 1000;
    const early = winningThreshold(10, cap);
    const late = winningThreshold(cap, cap);
    expect(early).toBeGreaterThan(late);
    expect(late).toBeCloseTo(normalCdf(AB_TEST.boundary), 12);
    expect(late).toBeGreaterThan(0.95);
  });

  it('decides for the version past the threshold, waits below the first step, and ends at the cap', () => {
    expect(abVerdict({ likes: 2, rated: 4 }, { likes: 4, rated: 4 }, 4, 100).verdict).toBe('running');
    expect(abVerdict({ likes: 100, rated: 400 }, { likes: 200, rated: 400 }, 400, 1000).verdict).toBe(
      'b-wins',
    );
    expect(abVerdict({ likes: 200, rated: 400 }, { likes: 100, rated: 400 }, 400, 1000).verdict).toBe(
      'a-wins',
    );
    expect(abVerdict({ likes: 31, rated: 100 }, { likes: 33, rated: 100 }, 100, 1000).verdict).toBe(
      'running',
    );
    expect(abVerdict({ likes: 31, rated: 100 }, { likes: 33, rated: 100 }, 100, 100).verdict).toBe(
      'no-clear-winner',
    );
  });
});
