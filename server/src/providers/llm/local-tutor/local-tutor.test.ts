import { describe, expect, it } from 'vitest';
import { TOPICS } from './knowledge';
import { answer, createLocalTutor, relevantTopics, spotifySearchUrl } from './local-tutor';

/** Questions as artists ask them, and the topic the answer must be about. */
const QUESTIONS: [string, string][] = [
  ['How do I mix vocals in a dense arrangement?', 'vocal-mixing-dense'],
  ['What are some tips for making my drums sound punchier?', 'punchy-drums'],
  ['How can I create a more interesting bassline?', 'bassline-writing'],
  ['What are some creative uses of reverb?', 'reverb-creative'],
  ['My low end is boomy, the kick and bass clash', 'kick-bass'],
  ['What attack and release should I use on my compressor?', 'compression'],
  ['How loud should my master be for Spotify, in LUFS?', 'loudness'],
  ['My track is stuck in an 8 bar loop, how do I arrange it?', 'arrangement'],
  ['How do I make a reese bass?', 'bass-sound-design'],
  ['Recommend some UK garage tracks', 'genre-uk-garage'],
  ['What BPM is drum and bass and how is the beat built?', 'genre-drum-n-bass'],
  ['How do I get that techno rumble kick?', 'genre-techno'],
  ['Explain sidechain pumping', 'sidechain'],
  ['How do I use a dotted eighth delay?', 'delay'],
  ['I never finish my tracks, any workflow advice?', 'workflow'],
  ['What is an envelope and an LFO on a synth?', 'synthesis-basics'],
  ['How do I make my mix wider in stereo?', 'stereo-width'],
  ['My vocals have harsh sibilance, how do I de-ess?', 'vocal-processing'],
  ['How do I make a minimal deep tech groove?', 'genre-minimal-deep-tech'],
  ['Dubstep half time drums at 140?', 'genre-dubstep'],
];

describe('the local tutor', () => {
  it('has a substantial knowledge base with references for every topic', () => {
    expect(TOPICS.length).toBeGreaterThanOrEqual(30);
    for (const topic of TOPICS) {
      expect(topic.passages.length, topic.id).toBeGreaterThanOrEqual(1);
      expect(topic.references.length, topic.id).toBeGreaterThanOrEqual(1);
    }
  });

  it.each(QUESTIONS)('answers %j from the topic it is about', (question, topicId) => {
    const result = answer(question);
    expect(result.topics[0]?.id).toBe(topicId);
    const topic = TOPICS.find((t) => t.id === topicId);
    if (!topic) throw new Error(`no topic ${topicId}`);
    // The answer quotes the topic's own advice and names its reference tracks.
    expect(topic.passages.some((p) => result.text.includes(p))).toBe(true);
    expect(result.text).toContain(topic.references[0]?.title);
    expect(result.text.split('\n\n').length).toBeGreaterThanOrEqual(3);
  });

  it('reads a follow-up in the light of the conversation and moves on to what it has not said', () => {
    const first = answer('How do I make my drums punchier?');
    const followUp = answer('Tell me more', [
      { role: 'user', content: 'How do I make my drums punchier?' },
      { role: 'assistant', content: first.text },
    ]);
    expect(followUp.topics[0]?.id).toBe('punchy-drums');
    expect(followUp.text).toMatch(/^Building on what we covered about punchy drums/);
    const drums = TOPICS.find((t) => t.id === 'punchy-drums')?.passages ?? [];
    const newPassages = drums.filter((p) => followUp.text.includes(p) && !first.text.includes(p));
    expect(newPassages.length).toBeGreaterThan(0);
  });

  it('says what it can help with instead of guessing when nothing fits', () => {
    const result = answer('What is the capital of Mongolia?');
    expect(result.topics).toEqual([]);
    expect(result.text).toContain('could not find anything');
    expect(relevantTopics('What is the capital of Mongolia?')).toEqual([]);
  });

  it('links reference tracks as Spotify searches', () => {
    expect(spotifySearchUrl({ artist: 'MJ Cole', title: 'Sincere' })).toBe(
      'https://open.spotify.com/search/MJ%20Cole%20Sincere',
    );
  });

  it('works as a chat engine: the last user message is the question, the stream adds up to the answer', async () => {
    const tutor = createLocalTutor();
    const messages = [
      { role: 'system' as const, content: 'You are a tutor.' },
      { role: 'user' as const, content: 'Creative reverb ideas?' },
    ];
    const whole = await tutor.complete(messages);
    expect(whole).toBe(answer('Creative reverb ideas?').text);
    let streamed = '';
    let pieces = 0;
    for await (const piece of tutor.stream(messages)) {
      streamed += piece;
      pieces += 1;
    }
    expect(streamed).toBe(whole);
    expect(pieces).toBeGreaterThan(1);
  });
});
