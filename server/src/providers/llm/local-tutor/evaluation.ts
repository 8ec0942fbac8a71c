import type { EvaluationQuestion } from './evaluation-set';
import { answer, type Turn } from './local-tutor';

export interface EvaluationResult {
  question: string;
  history: readonly string[];
  /** The topics the answer may lead with, or 'decline'. */
  expected: readonly string[] | 'decline';
  /** The topic the answer led with, or 'decline'. */
  got: string;
  /** The topics offered when it declined. */
  nearest: string[];
  pass: boolean;
}

/**
 * Asks each question as a user would: after its earlier turns, each answered by the tutor itself,
 * so a follow-up reads the conversation the tutor really had.
 */
export function evaluate(set: readonly EvaluationQuestion[]): EvaluationResult[] {
  return set.map((q) => {
    const history: Turn[] = [];
    for (const earlier of q.history ?? []) {
      const reply = answer(earlier, history).text;
      history.push({ role: 'user', content: earlier }, { role: 'assistant', content: reply });
    }
    const reply = answer(q.question, history);
    const got = reply.topics[0]?.id ?? 'decline';
    const expected = q.topics.length > 0 ? q.topics : 'decline';
    const pass = expected === 'decline' ? got === 'decline' : expected.includes(got);
    return {
      question: q.question,
      history: q.history ?? [],
      expected,
      got,
      nearest: reply.nearest.map((topic) => topic.id),
      pass,
    };
  });
}

export interface EvaluationSummary {
  questions: number;
  covered: number;
  uncovered: number;
  /** The share of covered questions answered from one of their topics. */
  onTopicShare: number;
  /** The share of uncovered questions declined. */
  declinedShare: number;
  /** Covered questions answered from a topic they are not about (worse than a decline). */
  answeredFromAnotherTopic: number;
}

export function summarise(results: readonly EvaluationResult[]): EvaluationSummary {
  const covered = results.filter((r) => r.expected !== 'decline');
  const uncovered = results.filter((r) => r.expected === 'decline');
  const share = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
  return {
    questions: results.length,
    covered: covered.length,
    uncovered: uncovered.length,
    onTopicShare: share(covered.filter((r) => r.pass).length, covered.length),
    declinedShare: share(uncovered.filter((r) => r.pass).length, uncovered.length),
    answeredFromAnotherTopic: covered.filter((r) => !r.pass && r.got !== 'decline').length,
  };
}
