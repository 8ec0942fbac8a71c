// The local tutor against its evaluation set (issue 20): the share of covered questions answered
// from the right topic, and of uncovered ones declined rather than answered wrongly.
//   npx tsx bench/tutor-evaluation.ts        (writes bench/results/tutor-evaluation.json)
// Goals: >= 90 % on topic, 100 % of uncovered questions declined. local-tutor.test.ts holds the
// same goals; this records the numbers and every miss.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EVALUATION_SET } from '../server/src/providers/llm/local-tutor/evaluation-set';
import { answer } from '../server/src/providers/llm/local-tutor/local-tutor';

const covered = EVALUATION_SET.filter((q) => q.topic !== null);
const uncovered = EVALUATION_SET.filter((q) => q.topic === null);
const results = EVALUATION_SET.map((q) => {
  const started = performance.now();
  const reply = answer(q.question);
  return {
    question: q.question,
    expected: q.topic ?? 'decline',
    got: reply.topics[0]?.id ?? 'decline',
    nearest: reply.nearest.map((topic) => topic.id),
    ms: Number((performance.now() - started).toFixed(3)),
  };
});
const pass = (r: (typeof results)[number]) => r.expected === r.got;
const onTopic = results.filter((r) => r.expected !== 'decline' && pass(r)).length / covered.length;
const declined = results.filter((r) => r.expected === 'decline' && pass(r)).length / uncovered.length;
const wrongTopic = results.filter((r) => r.expected !== 'decline' && r.got !== 'decline' && !pass(r));
const report = {
  date: new Date().toISOString(),
  questions: EVALUATION_SET.length,
  covered: covered.length,
  uncovered: uncovered.length,
  onTopicShare: Number(onTopic.toFixed(3)),
  declinedShare: Number(declined.toFixed(3)),
  answeredFromAnotherTopic: wrongTopic.length,
  goals: { onTopicShare: 0.9, declinedShare: 1 },
  verdict: onTopic >= 0.9 && declined === 1 ? 'pass' : 'fail',
  misses: results.filter((r) => !pass(r)),
  results,
};
const file = path.join(import.meta.dirname, 'results', 'tutor-evaluation.json');
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
console.log(
  `on topic ${(onTopic * 100).toFixed(1)} % of ${covered.length}, declined ${(declined * 100).toFixed(1)} % of ${uncovered.length}: ${report.verdict}`,
);
for (const miss of report.misses)
  console.log(`  miss: ${miss.question} (wanted ${miss.expected}, got ${miss.got})`);
