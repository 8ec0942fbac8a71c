/**
 * How artists say it, in the words of the notes. Read before stemming, word by word: each word
 * on the left stands for the words on the right, in a question and in the notes alike. Spelling
 * slips are not listed here: the retrieval corrects those against the notes' own vocabulary.
 */
export const SYNONYMS: Readonly<Record<string, string>> = {
  // Shorthand for the instruments and tools.
  vox: 'vocal',
  vocalist: 'singer',
  rapper: 'singer',
  comp: 'compressor',
  comps: 'compressor',
  eqing: 'eq',
  eqs: 'eq',
  verb: 'reverb',
  predelay: 'pre delay',
  deesser: 'de esser',
  ess: 'sibilance',
  hats: 'hi hat',
  hihats: 'hi hat',
  tek: 'tech',
  lfos: 'lfo',
  synths: 'synth',
  '808s': '808',
  // British and American spellings meet.
  humanise: 'humanize',
  humanising: 'humanize',
  equalise: 'equalize',
  // How a sound is described when something is wrong with it.
  mush: 'mud',
  mushy: 'muddy',
  washy: 'wash',
  squashed: 'overcompressed',
  squashing: 'overcompressed',
  lifeless: 'flat',
  masked: 'buried',
  masking: 'buried',
  robotic: 'mechanical',
  thin: 'weak',
  tiring: 'harsh',
  piercing: 'harsh',
  shrill: 'harsh',
  gritty: 'grit',
  dirty: 'grit',
  dirtier: 'grit',
  fat: 'thick',
  fatter: 'thick',
  // Structure words.
  buildup: 'build up',
  drops: 'drop',
};
