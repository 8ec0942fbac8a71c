import { describe, expect, it } from 'vitest';
import { TASTE_LAYOUT } from '@klang/domain';
import type { CandidateBands } from './player.repository';
import { chooseCandidate } from './radar';

/** A candidate in the given genre band (1-based) and tempo band, the rest unmeasured. */
const candidate = (id: string, genre: number | null, tempo: number | null = null): CandidateBands => ({
  track_id: id,
  genre,
  tempo,
  mode: null,
  energy: null,
  brightness: null,
});

/** Scores that like genre band 2 and tempo band 3, and nothing else. */
const scores = (() => {
  const s = new Array<number>(TASTE_LAYOUT.size).fill(0);
  s[TASTE_LAYOUT.genre.offset + 1] = 1;
  s[TASTE_LAYOUT.tempo.offset + 2] = 0.5;
  return s;
})();

describe("Blind Radar's pick among its candidates (decision 0287)", () => {
  const candidates = [candidate('a', 1), candidate('b', 2), candidate('c', 2, 3), candidate('d', null)];

  it('deals the best scored candidate, by the sum of its bands, with its propensity', () => {
    const { index, choice } = chooseCandidate(candidates, { scores, explore: 0.2, exploreDraw: null });
    expect(index).toBe(2);
    expect([choice.policy, choice.candidates]).toEqual(['radar', 4]);
    expect(choice.propensity).toBeCloseTo(0.8 + 0.2 / 4, 12);
  });

  it('takes the first in the draw order among equals, and scores an unmeasured sound 0', () => {
    const even = [candidate('a', null), candidate('b', 1), candidate('c', null)];
    expect(chooseCandidate(even, { scores, explore: 0, exploreDraw: null }).index).toBe(0);
    const negative = scores.map((s) => -s);
    expect(chooseCandidate(candidates, { scores: negative, explore: 0, exploreDraw: null }).index).toBe(0);
  });

  it('explores uniformly where the draw lands, the best keeping its share', () => {
    const landed = [0, 0.24, 0.25, 0.5, 0.99].map(
      (exploreDraw) => chooseCandidate(candidates, { scores, explore: 0.2, exploreDraw }).index,
    );
    expect(landed).toEqual([0, 0, 1, 2, 3]);
    const other = chooseCandidate(candidates, { scores, explore: 0.2, exploreDraw: 0 }).choice;
    expect([other.policy, other.candidates]).toEqual(['explore', 4]);
    expect(other.propensity).toBeCloseTo(0.05, 12);
    const best = chooseCandidate(candidates, { scores, explore: 0.2, exploreDraw: 0.6 }).choice;
    expect(best.propensity).toBeCloseTo(0.85, 12);
  });

  it('gives propensities that sum to 1 over the candidates, as off-line evaluation needs', () => {
    const explore = 0.1;
    const n = candidates.length;
    // Each candidate picked once (the explore draw landing on it): its logged propensity.
    const propensities = candidates.map(
      (_, i) =>
        chooseCandidate(candidates, { scores, explore, exploreDraw: (i + 0.5) / n }).choice.propensity,
    );
    expect(propensities.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 12);
  });
});
