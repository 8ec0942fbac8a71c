// Blind A/B tests, simulated (issue 31 item 4): the stopping rule of `abVerdict` (domain
// `analytics/ab-test.ts`) against many seeded runs. Each run deals blind listeners one at a time,
// each to version A or B at random (a listener hears one version only), each likes with the true
// rate of their version or skips; the test looks at every step of five listeners per version, as
// the artist's figures move, and stops at a winner or at the cap. Two questions:
// - versions whose true like rates differ by 5 points: how often a winner, the right one, and
//   after how many deals;
// - equal versions: how often a winner is declared at all (the false-winner rate, goal ≤ 5 %).
// Base like rate 0.30 (the share of likes the fair-deal simulation assumes on dataset S) and
// 0.15 (dataset S's lowest genre rates). The fair deck's every-deal rule is not simulated here: it
// needs the deal statement to deal versions, which is not built yet (issue 31 item 1).
//   npx tsx bench/ab-test-simulation.ts        (writes bench/results/ab-test-simulation.json)
// RUNS (equal versions), POWER_RUNS (different versions) and CAP override the defaults.
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { AB_TEST, AB_TEST_LIMITS, abVerdict, type AbVerdict } from '@klang/domain';
import { seeded } from './lib/stats';

const RUNS = Number(process.env.RUNS ?? 10_000);
const POWER_RUNS = Number(process.env.POWER_RUNS ?? 2000);
const CAP = Number(process.env.CAP ?? AB_TEST_LIMITS.defaultCap);

interface Run {
  verdict: AbVerdict;
  /** Deals (both versions) when the test stopped. */
  deals: number;
}

/** One test: listeners dealt until a verdict other than running. */
function simulate(rateA: number, rateB: number, cap: number, random: () => number): Run {
  const a = { likes: 0, rated: 0 };
  const b = { likes: 0, rated: 0 };
  let looked = 0;
  for (;;) {
    const version = random() < 0.5 ? a : b;
    version.rated += 1;
    if (random() < (version === a ? rateA : rateB)) version.likes += 1;
    const n = Math.min(a.rated, b.rated);
    const step = n - (n % AB_TEST.step);
    if (step > looked) {
      looked = step;
      const { verdict } = abVerdict(a, b, step, cap);
      if (verdict !== 'running') return { verdict, deals: a.rated + b.rated };
    }
  }
}

function quantile(sorted: number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? null;
}

function scenario(label: string, rateA: number, rateB: number, runs: number, cap: number, seed: number) {
  const random = seeded(seed);
  const started = performance.now();
  const results = Array.from({ length: runs }, () => simulate(rateA, rateB, cap, random));
  const count = (v: AbVerdict) => results.filter((r) => r.verdict === v).length;
  const decided = results
    .filter((r) => r.verdict === 'a-wins' || r.verdict === 'b-wins')
    .map((r) => r.deals)
    .sort((x, y) => x - y);
  const summary = {
    label,
    rateA,
    rateB,
    capPerVersion: cap,
    runs,
    aWins: count('a-wins'),
    bWins: count('b-wins'),
    noClearWinner: count('no-clear-winner'),
    winnerDeclaredShare: decided.length / runs,
    dealsToDecision: {
      p50: quantile(decided, 0.5),
      p90: quantile(decided, 0.9),
      max: decided.at(-1) ?? null,
    },
    seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
  console.log(JSON.stringify(summary));
  return summary;
}

const load = loadavg().map((l) => Number(l.toFixed(2)));
const scenarios = [
  scenario('equal versions at 0.30', 0.3, 0.3, RUNS, CAP, 1),
  scenario('equal versions at 0.15', 0.15, 0.15, RUNS, CAP, 2),
  scenario('equal versions at 0.30, cap 500', 0.3, 0.3, RUNS, 500, 3),
  scenario('B better by 5 points (0.30 → 0.35)', 0.3, 0.35, POWER_RUNS, CAP, 4),
  scenario('B better by 5 points (0.15 → 0.20)', 0.15, 0.2, POWER_RUNS, CAP, 5),
  scenario('A better by 5 points (0.35 → 0.30)', 0.35, 0.3, POWER_RUNS, CAP, 6),
  scenario('B better by 10 points (0.30 → 0.40)', 0.3, 0.4, POWER_RUNS, CAP, 7),
];
const result = {
  at: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    loadAverageBefore: load,
    loadAverageAfter: loadavg().map((l) => Number(l.toFixed(2))),
  },
  rule: { boundary: AB_TEST.boundary, step: AB_TEST.step, defaultCap: AB_TEST_LIMITS.defaultCap },
  scenarios,
};
writeFileSync(
  path.join(import.meta.dirname, 'results', 'ab-test-simulation.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
