import lemmatizer from 'wink-lemmatizer';
import wordNetWords from 'wink-lexicon/src/wn-words.js';

/**
 * A word's dictionary form (wink-lemmatizer, over WordNet): 'paying' and 'paid' are 'pay',
 * 'girlfriends' is 'girlfriend', 'punchier' is 'punchy'. Unlike a stem it keeps words apart that
 * only look alike: 'followers' is 'follower', not 'follow'; 'business' stays 'business'.
 */
export function lemma(word: string): string {
  for (const form of [lemmatizer.noun(word), lemmatizer.verb(word), lemmatizer.adjective(word)]) {
    if (form !== word) return form;
  }
  return word;
}

/** Whether a word is English (WordNet has it or its lemma): a word that is, is no typing slip. */
export function isEnglish(word: string): boolean {
  return Object.hasOwn(wordNetWords, word) || Object.hasOwn(wordNetWords, lemma(word));
}
