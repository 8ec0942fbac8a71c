import { errorFunction, gammaln } from 'simple-statistics';
import { wilsonLowerBound } from '../catalogue/verdict';
import { HOOKS } from './hooks';

/**
 * Blind A/B tests (issue 31 item 1): two versions of one track dealt to comparable blind
 * listeners. The statistics the server decides with, the web app draws and the bench simulates.
 */
export const AB_TEST = {
  /** A version's figures are read in steps of this many listeners, as hook analytics are. */
  step: HOOKS.minListeners,
  /**
   * The stopping boundary's constant: at a look with n listeners per version out of a cap of N,
   * a version wins when P(it beats the other) ≥ Φ(c·√(N/n)). An O'Brien–Fleming boundary: strict
   * early, Φ(c) ≈ 0.987 at the cap; c is the two-sided 5 % crossing level of a Brownian motion
   * watched continuously, so looking after every step keeps a false winner under 5 %
   * (`bench/ab-test-simulation.ts` measures it).
   */
  boundary: 2.24,
  /** The interval shown per version: 95 %. */
  z: 1.959963984540054,
} as const;

/** Φ, the standard normal distribution function. */
export function normalCdf(x: number): number {
  return 0.5 * (1 + errorFunction(x / Math.SQRT2));
}

/**
 * The 95 % Wilson score interval of `likes` out of `rated`; [0, 1] when nothing was rated. The
 * charts' lower bound (decision 0195), and the upper as the lower bound of the skips' share.
 */
export function wilsonInterval(
  likes: number,
  rated: number,
  z: number = AB_TEST.z,
): { low: number; high: number } {
  return { low: wilsonLowerBound(likes, rated, z), high: 1 - wilsonLowerBound(rated - likes, rated, z) };
}

const lbeta = (a: number, b: number) => gammaln(a) + gammaln(b) - gammaln(a + b);

export interface VersionCounts {
  likes: number;
  /** Likes and skips. */
  rated: number;
}

/**
 * P(pB > pA) for like rates with uniform priors, so posteriors Beta(1 + likes, 1 + skips): the
 * exact finite sum for whole counts (Evan Miller, "Formulas for Bayesian A/B testing"), one
 * term per like of B plus one. Term i + 1 is term i times (αA + i)(βB + i) / ((αA + βA + βB + i)(1 + i)),
 * so the sum needs one Beta function, and is taken in logarithms: the first terms of a large
 * test are far below what a double holds.
 */
export function probabilityBBeatsA(a: VersionCounts, b: VersionCounts): number {
  const [alphaA, betaA] = [1 + a.likes, 1 + a.rated - a.likes];
  const [alphaB, betaB] = [1 + b.likes, 1 + b.rated - b.likes];
  const logTerms = new Array<number>(alphaB);
  let log = lbeta(alphaA, betaA + betaB) - lbeta(alphaA, betaA);
  let max = -Infinity;
  for (let i = 0; i < alphaB; i++) {
    logTerms[i] = log;
    if (log > max) max = log;
    log += Math.log(((alphaA + i) * (betaB + i)) / ((alphaA + betaA + betaB + i) * (1 + i)));
  }
  let sum = 0;
  for (const term of logTerms) sum += Math.exp(term - max);
  return Math.min(1, Math.max(0, Math.exp(max + Math.log(sum))));
}

/** The probability a version must reach to win at a look of `n` listeners per version of `cap`. */
export function winningThreshold(n: number, cap: number): number {
  if (n <= 0) return 1;
  return normalCdf(AB_TEST.boundary * Math.sqrt(Math.max(cap, n) / n));
}

export type AbVerdict = 'running' | 'a-wins' | 'b-wins' | 'no-clear-winner';

/**
 * The test's state at a look: `n` is the listeners of the smaller version, read in steps; a
 * winner once either side's probability passes the threshold, no clear winner at the cap.
 */
export function abVerdict(
  a: VersionCounts,
  b: VersionCounts,
  n: number,
  cap: number,
): { verdict: AbVerdict; probabilityBBeatsA: number; threshold: number } {
  const p = probabilityBBeatsA(a, b);
  const threshold = winningThreshold(n, cap);
  const verdict: AbVerdict =
    n >= AB_TEST.step && p >= threshold
      ? 'b-wins'
      : n >= AB_TEST.step && 1 - p >= threshold
        ? 'a-wins'
        : n >= cap
          ? 'no-clear-winner'
          : 'running';
  return { verdict, probabilityBBeatsA: p, threshold };
}
