import type { ForumPostView } from '@klang/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { forumApi, forumKeys } from '../api/forum-api';

/**
 * Counts one view per open of a post (spec 002 §4; the server adds one in SQL). The ref keeps
 * React's development double-run of effects, and refetches of the post, from counting again.
 */
export function useRecordView(postId: string) {
  const queryClient = useQueryClient();
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === postId) return;
    counted.current = postId;
    forumApi.recordView(postId).then(
      ({ viewCount }) => {
        queryClient.setQueryData<ForumPostView>(forumKeys.post(postId), (view) =>
          view ? { ...view, post: { ...view.post, viewCount } } : view,
        );
      },
      (error: unknown) => {
        console.error('Forum view count failed', error);
      },
    );
  }, [postId, queryClient]);
}
