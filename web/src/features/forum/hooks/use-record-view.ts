import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { forumApi } from '../api/forum-api';
import { forumPostQuery } from '../api/forum-queries';

/**
 * Counts one view per open of a post (spec 002 §4; the server adds one in SQL). The ref keeps
 * React's development double-run of effects, and refetches of the post, from counting again.
 *
 * The view races the post's own fetch, which may have read the count before this view was added
 * and answer after it. So the returned count waits for any fetch in flight, then goes in as a
 * floor: counts only grow, and a fetch started later reads this view anyway.
 */
export function useRecordView(postId: string) {
  const queryClient = useQueryClient();
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === postId) return;
    counted.current = postId;
    const record = async () => {
      const { viewCount } = await forumApi.recordView(postId);
      const post = forumPostQuery(postId);
      // With staleTime 0 this joins the fetch in flight (never starts another) and waits for it.
      if (queryClient.isFetching({ queryKey: post.queryKey }) > 0)
        await queryClient.query({ ...post, staleTime: 0 });
      queryClient.setQueryData(post.queryKey, (view) =>
        view && view.post.viewCount < viewCount ? { ...view, post: { ...view.post, viewCount } } : view,
      );
    };
    record().catch((error: unknown) => {
      console.error('Forum view count failed', error);
    });
  }, [postId, queryClient]);
}
