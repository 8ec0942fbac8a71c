import { FORUM_MESSAGES, type ForumCategory } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewPostDialog } from './new-post-dialog';

const CATEGORY: ForumCategory = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Feedback',
  description: 'Notes on a mix',
  color: '#FF383A',
  icon: 'MessageSquare',
};

function renderDialog() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewPostDialog
        isOpen
        onOpenChange={vi.fn()}
        categories={[CATEGORY]}
        defaultCategoryId={null}
        onCreated={vi.fn()}
      />
    </QueryClientProvider>,
  );
}

describe('Create New Post (spec 002 §5)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says "Please fill in all fields" on submit, and any edit clears it, the checkbox too (issue 30)', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderDialog();
    const create = screen.getByRole('button', { name: 'Create Post' });

    await user.click(create);
    await screen.findByText(FORUM_MESSAGES.fillAllFields);
    await user.click(screen.getByRole('checkbox', { name: 'Post anonymously' }));
    await waitFor(() => {
      expect(screen.queryByText(FORUM_MESSAGES.fillAllFields)).toBeNull();
    });

    // Filled but for the category: the message comes back on submit, and only then.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Mixdown check' } });
    fireEvent.change(screen.getByLabelText('Content'), { target: { value: 'Is the kick too loud?' } });
    expect(screen.queryByText(FORUM_MESSAGES.fillAllFields)).toBeNull();
    await user.click(create);
    await screen.findByText(FORUM_MESSAGES.fillAllFields);
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Mixdown check!' } });
    await waitFor(() => {
      expect(screen.queryByText(FORUM_MESSAGES.fillAllFields)).toBeNull();
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
