import { describe, expect, it } from 'vitest';
import {
  loadConversations,
  saveConversations,
  titleFor,
  transcriptFileName,
  transcriptText,
  type Conversation,
} from './conversations';

function conversation(title: string, audioUrl: string | null = null): Conversation {
  return {
    id: title,
    title,
    lastUpdated: '2026-11-22T10:00:00.000Z',
    messages: [
      { id: 'u', type: 'user', content: 'How do I get punchy drums?', timestamp: '2026-11-22T10:00:00.000Z' },
      {
        id: 'a',
        type: 'ai',
        content: 'Shape the transient.',
        timestamp: '2026-11-22T10:00:05.000Z',
        audioUrl,
      },
    ],
  };
}

describe('tutor conversations on the device', () => {
  it('titles a conversation with the first 50 characters and an ellipsis when longer', () => {
    expect(titleFor('Short question')).toBe('Short question');
    const long = 'x'.repeat(60);
    expect(titleFor(long)).toBe(`${'x'.repeat(50)}...`);
  });

  it('writes the transcript as [time] TYPE: text with blank lines, named from 30 title characters', () => {
    const c = conversation('What are some tips for making my drums sound punchier?');
    const time = (iso: string) => new Date(iso).toLocaleTimeString();
    expect(transcriptText(c)).toBe(
      `[${time('2026-11-22T10:00:00.000Z')}] USER: How do I get punchy drums?\n\n[${time('2026-11-22T10:00:05.000Z')}] AI: Shape the transient.`,
    );
    expect(transcriptFileName(c)).toBe('What are some tips for making -transcript.txt');
  });

  it('keeps the two variants apart and drops unreadable entries', () => {
    window.localStorage.clear();
    saveConversations('tutorlab', [conversation('one')]);
    expect(loadConversations('tutorlab').map((c) => c.id)).toEqual(['one']);
    expect(loadConversations('abel')).toEqual([]);
    window.localStorage.setItem('abel-conversations', JSON.stringify([{ id: 1 }, conversation('two')]));
    expect(loadConversations('abel').map((c) => c.id)).toEqual(['two']);
    window.localStorage.setItem('abel-conversations', '{not json');
    expect(loadConversations('abel')).toEqual([]);
  });

  it('gives up older audio first when the device storage is full', () => {
    const writes: string[] = [];
    const storage = {
      setItem(_key: string, value: string) {
        // A quota that holds one conversation's audio but not two.
        if (value.split('data:audio').length > 2) throw new DOMException('full', 'QuotaExceededError');
        writes.push(value);
      },
      getItem: () => writes.at(-1) ?? null,
    } as unknown as Storage;
    const saved = saveConversations(
      'tutorlab',
      [conversation('new', 'data:audio/mpeg;base64,AA'), conversation('old', 'data:audio/mpeg;base64,BB')],
      storage,
    );
    expect(saved[0]?.messages[1]?.audioUrl).toBe('data:audio/mpeg;base64,AA');
    expect(saved[1]?.messages[1]?.audioUrl).toBeNull();
    expect(loadConversations('tutorlab', storage)).toEqual(saved);
  });
});
