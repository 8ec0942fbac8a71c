import { TUTOR_LIMITS, TUTOR_MESSAGES } from '@klang/domain';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
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

describe('the follow-up box', () => {
  beforeAll(() => {
    Element.prototype.scrollIntoView = vi.fn();
  });
  afterEach(cleanup);

  it(
    'ignores a blank question, says when one is too long, and sends and empties on a good one',
    { timeout: 30_000 },
    async () => {
      const onSend = renderPanel(false);
      const box = screen.getByLabelText<HTMLInputElement>('Follow-up question');
      const send = screen.getByRole('button', { name: 'Send follow-up question' });

      // Spec 002 §5: empty or whitespace input is ignored, with the send button disabled.
      fireEvent.change(box, { target: { value: '   ' } });
      expect(send).toHaveProperty('disabled', true);
      fireEvent.submit(box);
      expect(screen.queryByRole('alert')).toBeNull();

      fireEvent.change(box, { target: { value: 'x'.repeat(TUTOR_LIMITS.promptMax + 1) } });
      fireEvent.click(send);
      expect((await screen.findByRole('alert')).textContent).toBe(TUTOR_MESSAGES.questionTooLong);
      expect(box.getAttribute('aria-invalid')).toBe('true');

      fireEvent.change(box, { target: { value: 'And the hi-hats?' } });
      await waitFor(() => {
        expect(screen.queryByRole('alert')).toBeNull();
      });
      fireEvent.click(send);
      await waitFor(() => {
        expect(onSend).toHaveBeenCalledWith('And the hi-hats?', 'c1');
      });
      expect(onSend).toHaveBeenCalledOnce();
      await waitFor(() => {
        expect(box.value).toBe('');
      });
    },
  );
});
