// The local tutor against its evaluation sets (issue 30): questions the way artists type them,
// written before reading the notes. The share of covered questions answered from one of their
// topics, and of uncovered ones (business, legal, spam, personal, other sciences, injection)
// declined, on five sets: the one it was tuned on, the first held-out fifth (read in the second
// pass, now tuning material), the fresh held-out set written before the second pass (its misses
// read during it), and the unseen check written after it (decision 0290).
//   npx tsx bench/tutor-evaluation.ts        (writes bench/results/tutor-evaluation.json)
// A fifth set (evaluation-sealed.ts), written before the third pass, was measured once after it
// (83.0 % on topic, 10 of 12 declined); it is tuning material now and always measured.
// Goals: >= 95 % on topic, 100 % declined. local-tutor.test.ts holds the tuning and fresh sets to them.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { evaluate, summarise } from '../server/src/providers/llm/local-tutor/evaluation';
import { HELD_OUT_SET } from '../server/src/providers/llm/local-tutor/evaluation-held-out';
import { EVALUATION_SET } from '../server/src/providers/llm/local-tutor/evaluation-set';
import { FRESH_SET } from '../server/src/providers/llm/local-tutor/evaluation-fresh';
import { SEALED_SET } from '../server/src/providers/llm/local-tutor/evaluation-sealed';
import { UNSEEN_SET } from '../server/src/providers/llm/local-tutor/evaluation-unseen';

const GOALS = { onTopicShare: 0.95, declinedShare: 1 };

function measure(set: typeof EVALUATION_SET) {
  const started = performance.now();
  const results = evaluate(set);
  const msPerQuestion = (performance.now() - started) / set.length;
  const summary = summarise(results);
  const round = (n: number) => Number(n.toFixed(3));
  return {
    ...summary,
    onTopicShare: round(summary.onTopicShare),
    declinedShare: round(summary.declinedShare),
    verdict:
      summary.onTopicShare >= GOALS.onTopicShare && summary.declinedShare >= GOALS.declinedShare
        ? 'pass'
        : 'fail',
    msPerQuestion: round(msPerQuestion),
    misses: results.filter((r) => !r.pass),
    results,
  };
}

const report = {
  date: new Date().toISOString(),
  loadAverage: loadavg().map((n) => Number(n.toFixed(2))),
  goals: GOALS,
  evaluationSet: measure(EVALUATION_SET),
  heldOut: measure(HELD_OUT_SET),
  freshHeldOut: measure(FRESH_SET),
  unseen: measure(UNSEEN_SET),
  sealed: measure(SEALED_SET),
};
const file = path.join(import.meta.dirname, 'results', 'tutor-evaluation.json');
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
for (const [name, part] of [
  ['evaluation set', report.evaluationSet],
  ['held-out', report.heldOut],
  ['fresh held-out', report.freshHeldOut],
  ['unseen check', report.unseen],
  ['sealed set (third pass)', report.sealed],
] as const) {
  console.log(
    `${name}: on topic ${(part.onTopicShare * 100).toFixed(1)} % of ${part.covered}, declined ${(part.declinedShare * 100).toFixed(1)} % of ${part.uncovered}: ${part.verdict}`,
  );
  for (const miss of part.misses)
    console.log(
      `  miss: ${[...miss.history, miss.question].join(' / ')} (wanted ${String(miss.expected)}, got ${miss.got})`,
    );
}
