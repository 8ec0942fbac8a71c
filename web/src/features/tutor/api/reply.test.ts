import { TUTOR_MESSAGES } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { readTutorReply } from './reply';

describe('reading a tutor reply (spec 002 §3, §8)', () => {
  it.each([
    ['content', { content: 'Use a slow attack.' }],
    ['text', { text: 'Use a slow attack.' }],
    ['message', { message: 'Use a slow attack.' }],
    ['nested text.content', { text: { content: 'Use a slow attack.' } }],
    ['choices', { choices: [{ message: { role: 'assistant', content: 'Use a slow attack.' } }] }],
    ['choices text', { choices: [{ text: 'Use a slow attack.' }] }],
    ['a bare string', 'Use a slow attack.'],
    ['an array', [{ text: 'Use a slow attack.' }]],
  ])('accepts %s', (_shape, body) => {
    expect(readTutorReply(body).content).toBe('Use a slow attack.');
  });

  it('joins an array reply and strips bold markers', () => {
    expect(readTutorReply({ content: ['**Punch** first.', 'Then __space__.'] }).content).toBe(
      'Punch first.\n\nThen space.',
    );
  });

  it('takes the audio as an MP3 data URL and the links from spotifyUrls or spotify', () => {
    const reply = readTutorReply({ content: 'Hi', audio: 'SUQz', spotifyUrls: ['https://a', 'https://b'] });
    expect(reply.audioUrl).toBe('data:audio/mpeg;base64,SUQz');
    expect(reply.spotifyUrls).toEqual(['https://a', 'https://b']);
    expect(readTutorReply({ content: 'Hi', spotify: 'https://one' }).spotifyUrls).toEqual(['https://one']);
    expect(readTutorReply({ content: 'Hi' })).toEqual({
      content: 'Hi',
      audioUrl: null,
      spotifyUrls: [],
      suggestedTopics: [],
    });
  });

  it('takes the offered topics as data, leaving out any that are not a topic', () => {
    const reply = readTutorReply({
      content: 'I do not have anything in my notes that answers that.',
      suggestedTopics: [{ id: 'compression', title: 'Compression' }, { id: 7 }, 'Mastering'],
    });
    expect(reply.suggestedTopics).toEqual([{ id: 'compression', title: 'Compression' }]);
  });

  it.each([
    ['an empty reply', { content: '   ' }],
    ['no usable field', { audio: 'SUQz' }],
    ['the placeholder itself', { content: TUTOR_MESSAGES.fallback }],
    ['an object marker', { content: 'Answer: [object Object]' }],
    ['null', null],
  ])('refuses %s with the invalid-format message', (_case, body) => {
    expect(() => readTutorReply(body)).toThrow(TUTOR_MESSAGES.invalidFormat);
  });
});
