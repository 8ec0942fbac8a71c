import type { ForumPostView } from '@klang/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, expect, it, vi } from 'vitest';
import { forumKeys } from '../api/forum-api';
import { useForumPostQuery } from '../api/forum-queries';
import { useRecordView } from './use-record-view';

const POST_ID = '00000000-0000-4000-8000-0000000000a1';

function postWith(viewCount: number): ForumPostView {
  const at = new Date(0).toISOString();
  return {
    post: {
      id: POST_ID,
      title: 'Mixdown check',
      category: { id: '00000000-0000-4000-8000-0000000000c1', name: 'Feedback', color: '#22c55e' },
      author: null,
      isAnonymous: true,
      isMine: false,
      isPinned: false,
      isLocked: false,
      viewCount,
      replyCount: 0,
      upvotes: 0,
      downvotes: 0,
      userVote: null,
      createdAt: at,
      lastReplyAt: at,
      content: 'Is the kick too loud?',
    },
    viewer: { isAdmin: false },
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** As the post screen does: the post's query first, then the view. */
function usePostScreen() {
  const view = useForumPostQuery(POST_ID);
  useRecordView(POST_ID);
  return view;
}

/**
 * The post's first fetch reads the count before the view is added and answers after the view
 * does: what a busy server or a slow network does. The screen must still end on the new count.
 */
it('shows the counted view when the post arrives after the view, with the count read before it', async () => {
  let viewCount = 0;
  let releaseFirstRead!: () => void;
  const firstReadHeld = new Promise<void>((resolve) => (releaseFirstRead = resolve));
  let reads = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (init?.method === 'POST' && url.endsWith('/views')) {
        viewCount += 1;
        return Response.json({ viewCount });
      }
      reads += 1;
      const snapshot = postWith(viewCount);
      if (reads === 1) await firstReadHeld;
      return Response.json(snapshot);
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

  const { result } = renderHook(usePostScreen, { wrapper });
  await waitFor(() => {
    expect(viewCount).toBe(1);
  });
  releaseFirstRead();

  await waitFor(() => {
    expect(result.current.data?.post.viewCount).toBe(1);
  });
  // Settled: nothing puts the old count back afterwards.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(result.current.data?.post.viewCount).toBe(1);
  expect(viewCount).toBe(1);
});

it('writes the count into a post already on screen, without fetching it again', async () => {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'POST' ? Response.json({ viewCount: 8 }) : Response.json(postWith(7)),
  );
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(forumKeys.post(POST_ID), postWith(7));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );

  const { result } = renderHook(usePostScreen, { wrapper });
  await waitFor(() => {
    expect(result.current.data?.post.viewCount).toBe(8);
  });
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
