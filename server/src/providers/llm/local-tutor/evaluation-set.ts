/**
 * The local tutor's evaluation set (issue 20): questions as artists ask them, each with the topic
 * its answer must come from, or `null` when the knowledge base does not cover it and the tutor
 * must say so rather than answer something else. Production questions come in the words of the
 * topic and in paraphrases that avoid them; the uncovered ones are business, legal, gear-buying
 * and off-music questions, the kind an artist asks a tutor and a retrieval engine gets wrong.
 *
 * `local-tutor.test.ts` holds the tutor to the goals; `bench/tutor-evaluation.ts` records the
 * shares in `bench/results/tutor-evaluation.json`.
 */
export interface EvaluationQuestion {
  question: string;
  /** The topic id the answer must lead with, or null: the tutor must decline. */
  topic: string | null;
}

export const EVALUATION_SET: readonly EvaluationQuestion[] = [
  // Production, in the topics' own words.
  { question: 'How do I mix vocals so they sit in a busy arrangement?', topic: 'vocal-mixing-dense' },
  { question: 'What order should my vocal chain plugins go in?', topic: 'vocal-processing' },
  { question: 'Where does mud live and how do I EQ it out?', topic: 'eq-fundamentals' },
  { question: 'What ratio and threshold should a compressor have on drums?', topic: 'compression' },
  { question: 'How do I set up sidechain ducking from the kick?', topic: 'sidechain' },
  { question: 'How can my snare have more punch?', topic: 'punchy-drums' },
  { question: 'How much swing should my hi hats get?', topic: 'drum-programming' },
  { question: 'My kick and sub bass clash, what do I do?', topic: 'kick-bass' },
  { question: 'How do I write a bassline that is not boring?', topic: 'bassline-writing' },
  { question: 'How do I design a reese bass for neuro?', topic: 'bass-sound-design' },
  { question: 'What are some creative reverb tricks?', topic: 'reverb-creative' },
  { question: 'How much reverb should be in a mix and on which sends?', topic: 'reverb-mixing' },
  { question: 'How do I time a dotted delay to the tempo?', topic: 'delay' },
  { question: 'How do I make my mix wider without losing mono compatibility?', topic: 'stereo-width' },
  { question: 'When should I use saturation or distortion?', topic: 'saturation' },
  { question: 'How do I gain stage my mix and balance levels?', topic: 'mix-balance' },
  { question: 'What does mastering do and should I master my own track?', topic: 'mastering' },
  { question: 'What LUFS should I aim for on streaming?', topic: 'loudness' },
  { question: 'How do I arrange an intro, build, drop and breakdown?', topic: 'arrangement' },
  { question: 'How do I make a riser and a fill for a transition?', topic: 'transitions' },
  { question: 'Which chord progressions work for deep house?', topic: 'melody-harmony' },
  { question: 'What do the oscillator, filter and envelope do on a synth?', topic: 'synthesis-basics' },
  { question: 'How does FM synthesis work for bells and basses?', topic: 'synthesis-advanced' },
  { question: 'How do I design textures and atmospheres from field recordings?', topic: 'sound-design-fx' },
  { question: 'How do I chop a sample and flip it?', topic: 'sampling' },
  { question: 'I start lots of loops and never finish a track', topic: 'workflow' },
  { question: 'Are headphones fine for mixing or do I need to treat my room?', topic: 'monitoring' },
  { question: 'What should I automate to keep a loop moving?', topic: 'automation' },
  { question: 'How is a minimal deep tech groove built?', topic: 'genre-minimal-deep-tech' },
  { question: 'What tempo and drums make a tech house track?', topic: 'genre-house-tech-house' },
  { question: 'How do I program drum and bass breaks at 174?', topic: 'genre-drum-n-bass' },
  { question: 'How do I make a techno rumble?', topic: 'genre-techno' },
  { question: 'What makes the 2 step UK garage shuffle?', topic: 'genre-uk-garage' },
  { question: 'How do big room EDM drops hit so hard?', topic: 'genre-edm' },
  { question: 'How do I make a dubstep wobble in half time?', topic: 'genre-dubstep' },
  { question: 'How should I use reference tracks when mixing?', topic: 'reference-tracks' },
  { question: 'How do I plan and promote my release?', topic: 'release-promotion' },
  { question: 'How do I train my ears to hear frequencies?', topic: 'ear-training' },
  // Paraphrases that avoid the topics' keywords.
  { question: 'My singer disappears behind the synths in the chorus', topic: 'vocal-mixing-dense' },
  { question: 'The s sounds on my vocal are painful', topic: 'vocal-processing' },
  { question: 'My mix sounds boxy and harsh', topic: 'eq-fundamentals' },
  // kit-quality.md's review: answered from the reverb topic before its keywords were narrowed.
  { question: 'My mix sounds muddy', topic: 'eq-fundamentals' },
  { question: 'My drums sound weak and flat next to commercial tracks', topic: 'punchy-drums' },
  {
    question: 'Everything in my track sounds too narrow, like it is all in the middle',
    topic: 'stereo-width',
  },
  { question: 'My track is much quieter than others on Spotify', topic: 'loudness' },
  { question: 'My song is just an 8 bar loop, how do I turn it into a full track?', topic: 'arrangement' },
  { question: 'How do I make my bass pump in time with the kick?', topic: 'sidechain' },
  { question: 'My low end is boomy on big speakers', topic: 'kick-bass' },
  { question: 'My beats feel stiff and robotic', topic: 'drum-programming' },
  // Found when the ten typical requests were read (docs/kit-quality.md).
  { question: 'Recommend some techno tracks', topic: 'genre-techno' },
  { question: 'How do I write a catchy hook?', topic: 'melody-harmony' },
  { question: 'How do I sidechain in Ableton?', topic: 'sidechain' },
  // Not covered: the tutor must say so and offer its nearest topics.
  { question: 'Should I sign a 360 deal?', topic: null },
  { question: 'How do I register my songs with a collecting society for royalties?', topic: null },
  { question: 'Is my record contract fair, should I get a lawyer?', topic: null },
  { question: 'How do I split publishing with my co-writer?', topic: null },
  { question: 'What taxes do I pay on streaming income?', topic: null },
  { question: 'Which laptop should I buy under 1000 pounds?', topic: null },
  { question: 'Which audio interface is the best value?', topic: null },
  { question: 'How do I copyright my beat?', topic: null },
  { question: 'Can I clear a sample from a famous song legally?', topic: null },
  { question: 'How do I get a manager or a booking agent?', topic: null },
  { question: 'What is the weather like in Berlin tomorrow?', topic: null },
  { question: 'Write me a poem about the sea', topic: null },
  { question: 'How do I cook risotto?', topic: null },
  { question: 'Who won the football last night?', topic: null },
  { question: 'How do I fix my car engine?', topic: null },
  { question: 'Can you recommend a good movie?', topic: null },
  { question: 'How much should I charge for a DJ gig?', topic: null },
  { question: 'How do I apply for an arts council funding grant?', topic: null },
  { question: 'What is the capital of France?', topic: null },
  { question: 'How do I invest my savings?', topic: null },
];
