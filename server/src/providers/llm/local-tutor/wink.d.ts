// wink-lemmatizer and wink-lexicon ship no types; these cover the parts the local tutor uses
// (their READMEs).
declare module 'wink-lemmatizer' {
  /** A word's base form as a noun, verb or adjective; the word itself when it has none. */
  const lemmatizer: {
    noun(word: string): string;
    verb(word: string): string;
    adjective(word: string): string;
  };
  export default lemmatizer;
}

declare module 'wink-lexicon/src/wn-words.js' {
  /** WordNet's words (lemmas), each mapped to its index. */
  const words: Readonly<Record<string, number>>;
  export default words;
}
