import type { Topic } from './knowledge';

const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could do does for from get got have how i if in into is it its ' +
    'me my of on or so some that the their them then there these this to too was what when where which ' +
    'who why will with would you your more make making made want better good way ways tips tip help ' +
    'about any should use using really just like please thanks thank also tell give know need im ive'
  ).split(' '),
);

/** Lower-case word stems: a light suffix strip so 'compressing', 'compressed' and 'compressor' meet. */
export function tokenize(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’']/g, '')
      .match(/[a-z0-9&]+/g) ?? []
  )
    .filter((word) => !STOPWORDS.has(word))
    .map(stem)
    .filter((word) => word.length > 1 || /\d/.test(word));
}

function stem(word: string): string {
  if (word.length <= 4) return word;
  // 'punchier' and 'punchiest' meet 'punchy'; 'melodies' meets 'melody'.
  for (const suffix of ['iest', 'ier', 'ies']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) return `${word.slice(0, -suffix.length)}y`;
  }
  for (const suffix of ['ations', 'ation', 'ings', 'ing', 'ors', 'ers', 'ed', 'or', 'er', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 4) return word.slice(0, -suffix.length);
  }
  return word;
}

export interface Passage {
  topic: Topic;
  /** Its position within the topic, so quoted passages keep the order they were written in. */
  index: number;
  text: string;
}

export interface ScoredPassage extends Passage {
  score: number;
}

/** A weighted query: the question's words count fully, earlier turns' words less. */
export type WeightedQuery = Map<string, number>;

export function weightedQuery(parts: readonly { text: string; weight: number }[]): WeightedQuery {
  const query: WeightedQuery = new Map();
  for (const { text, weight } of parts) {
    for (const term of new Set(tokenize(text))) query.set(term, Math.max(query.get(term) ?? 0, weight));
  }
  return query;
}

const K1 = 1.2;
const B = 0.75;
/** How much a topic's title and keywords count against its passages' own words. */
const TITLE_WEIGHT = 2;
const KEYWORD_WEIGHT = 3;

/**
 * BM25 over every passage, each indexed with its topic's title and keywords so that a question
 * naming the subject finds all its passages, and the passage's own words pick the best of them.
 */
export function createIndex(topics: readonly Topic[]) {
  const documents = topics.flatMap((topic) =>
    topic.passages.map((text, index) => {
      const terms = new Map<string, number>();
      const add = (words: string[], weight: number) => {
        for (const word of words) terms.set(word, (terms.get(word) ?? 0) + weight);
      };
      add(tokenize(text), 1);
      add(tokenize(topic.title), TITLE_WEIGHT);
      add(tokenize(topic.keywords.join(' ')), KEYWORD_WEIGHT);
      const length = [...terms.values()].reduce((sum, n) => sum + n, 0);
      return { passage: { topic, index, text }, terms, length };
    }),
  );
  const averageLength = documents.reduce((sum, d) => sum + d.length, 0) / documents.length;
  const documentFrequency = new Map<string, number>();
  for (const document of documents) {
    for (const term of document.terms.keys()) {
      documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  const idf = (term: string) => {
    const n = documentFrequency.get(term) ?? 0;
    return Math.log(1 + (documents.length - n + 0.5) / (n + 0.5));
  };

  return {
    /** Every passage with a positive score, best first. */
    search(query: WeightedQuery): ScoredPassage[] {
      const scored: ScoredPassage[] = [];
      for (const document of documents) {
        let score = 0;
        for (const [term, weight] of query) {
          const tf = document.terms.get(term);
          if (!tf) continue;
          const norm = tf + K1 * (1 - B + (B * document.length) / averageLength);
          score += weight * idf(term) * ((tf * (K1 + 1)) / norm);
        }
        if (score > 0) scored.push({ ...document.passage, score });
      }
      return scored.sort((a, b) => b.score - a.score);
    },
  };
}
