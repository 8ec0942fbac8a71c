import { closest, distance } from 'fastest-levenshtein';
import { stemmer } from 'stemmer';
import type { Topic } from './knowledge';
import { isEnglish } from './lemmas';
import { SYNONYMS } from './synonyms';

const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could do does for from get got have how i if in into is it its ' +
    'me my of on or so some that the their them then there these this to too was what when where which ' +
    'who why will with would you your more make making made want better good way ways tips tip help ' +
    'about any should use using really just like please thanks thank also tell give know need im ive ' +
    // Chat filler and the names of the tools people make music in: they name no subject.
    'pls plz lol af smh tho bro yo ok okay u ur ya dont cant whats hows thats isnt arent doesnt ' +
    'ableton fl logic cubase bitwig reaper daw ' +
    // Everyday adjectives: 'normal eq' is not loudness normalisation (Porter stems both 'normal').
    'normal regular usual proper'
  ).split(' '),
);

/** A question's words, lower case, with an artist's shorthand put in the notes' words (SYNONYMS). */
export function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/[’']/g, '')
      .match(/[a-z0-9&]+/g) ?? []
  ).flatMap((word) => (SYNONYMS[word] ?? word).split(' '));
}

/**
 * A word's stem (Porter's stemmer): 'compressing', 'compressed' and 'compression' meet. Porter
 * leaves comparatives alone, so 'punchier' and 'punchiest' are first put back to 'punchy'.
 */
function stem(word: string): string {
  return stemmer(word.replace(/(?<=\w{3})(?:ier|iest)$/, 'y'));
}

/** A text's word stems, without the words that name no subject. */
export function tokenize(text: string): string[] {
  return words(text)
    .filter((word) => !STOPWORDS.has(word))
    .map(stem)
    .filter((word) => word.length > 1 || /\d/.test(word));
}

/** Slips shorter than this are left alone: 'cook' is one letter from 'hook'. */
const MIN_CORRECTED_LENGTH = 5;
/** Two slips are allowed from this length on ('sidechian', 'compresion'), one below it. */
const TWO_SLIPS_LENGTH = 8;

/**
 * A speller for questions: a word the notes never use becomes the notes' nearest word when it is
 * a slip or two away ('mastring', 'reverv', 'soundclound'), so a typo still finds its topic.
 */
export function createSpelling(topics: readonly Topic[]) {
  const vocabulary = [
    ...new Set(
      words(topics.map((t) => `${t.title} ${t.keywords.join(' ')} ${t.passages.join(' ')}`).join(' ')),
    ),
  ].filter((word) => /^[a-z]+$/.test(word));
  const known = new Set(vocabulary);
  // Another form of a word the notes use is no slip: 'sounding' is not 'sending'.
  const knownStems = new Set(vocabulary.map(stem));
  const fix = (word: string) => {
    if (
      known.has(word) ||
      knownStems.has(stem(word)) ||
      STOPWORDS.has(word) ||
      word in SYNONYMS ||
      // An English word is meant as typed: 'musician' is no slip of 'musical', nor 'override' of 'overdrive'.
      isEnglish(word) ||
      !/^[a-z]+$/.test(word) ||
      word.length < MIN_CORRECTED_LENGTH
    )
      return word;
    // A slip seldom changes the first letter: 'population' is not a slip of 'modulation'.
    const sameStart = vocabulary.filter((candidate) => candidate.startsWith(word.charAt(0)));
    if (sameStart.length === 0) return word;
    const nearest = closest(word, sameStart);
    const slips = distance(word, nearest);
    return slips <= (word.length >= TWO_SLIPS_LENGTH ? 2 : 1) ? nearest : word;
  };
  return {
    /** The text with each slip replaced by the word it was meant to be. */
    correct(text: string): string {
      return text.replace(/[a-z]+/gi, (word) => {
        const fixed = fix(word.toLowerCase());
        return fixed === word.toLowerCase() ? word : fixed;
      });
    },
  };
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
      // The passage's own words set its length: a topic with many ways of asking is no longer
      // for it, and its passages must not score lower for each phrasing added to its keywords.
      const length = [...terms.values()].reduce((sum, n) => sum + n, 0);
      add(tokenize(topic.title), TITLE_WEIGHT);
      add(tokenize(topic.keywords.join(' ')), KEYWORD_WEIGHT);
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
