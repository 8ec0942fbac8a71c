import { TUTOR_MESSAGES } from '@klang/domain';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readTutorReply } from '../api/reply';
import type { Conversation } from '../state/conversations';
import { ConversationPanel } from './conversation-panel';

/** A conversation whose answer is the server's decline, read as the chat reads it. */
function declined(): Conversation {
  const reply = readTutorReply({
    content: 'I do not have anything in my notes that answers that.',
    audio: null,
    spotifyUrls: [],
    klangTracks: [],
    suggestedTopics: [
      { id: 'kick-bass', title: 'Kick and bass relationship' },
      { id: 'compression', title: 'Compression' },
    ],
  });
  const at = '2026-11-27T08:00:00.000Z';
  return {
    id: 'c1',
    title: 'kick and bass?',
    lastUpdated: at,
    messages: [
      { id: 'm1', type: 'user', content: 'kick and bass?', timestamp: at },
      {
        id: 'm2',
        type: 'ai',
        content: reply.content,
        timestamp: at,
        suggestedTopics: reply.suggestedTopics,
      },
    ],
  };
}

function renderPanel(isLoading: boolean) {
  const onSend = vi.fn();
  render(
    <ConversationPanel
      conversation={declined()}
      isLoading={isLoading}
      error={null}
      onSend={onSend}
      onClose={vi.fn()}
      onError={vi.fn()}
    />,
  );
  return onSend;
}

describe('the topics the tutor offers', () => {
  beforeAll(() => {
    // jsdom lays nothing out: the panel's scroll to its last message has nothing to do.
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(cleanup);

  it('are buttons that ask their topic in the same conversation', async () => {
    const onSend = renderPanel(false);
    const offered = screen.getByRole('list', { name: TUTOR_MESSAGES.suggestedTopics });
    expect(offered.querySelectorAll('button')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Kick and bass relationship' }));
    expect(onSend).toHaveBeenCalledWith('Kick and bass relationship', 'c1');
  });

  it('wait while a question is on its way', async () => {
    const onSend = renderPanel(true);
    const button = screen.getByRole('button', { name: 'Compression' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.click(button);
    expect(onSend).not.toHaveBeenCalled();
  });
});
