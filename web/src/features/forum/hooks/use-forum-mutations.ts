import type { CreateForumPost, CreateForumReply, ForumPostView, ForumReply, Vote } from '@klang/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { forumApi, forumKeys } from '../api/forum-api';

/** Spec 002 §8: vote, delete and star failures are only logged; the screen stays as it was. */
function logFailure(action: string) {
  return (error: unknown) => {
    console.error(`Forum ${action} failed`, error);
  };
}

export function useCreatePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateForumPost) => forumApi.createPost(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.lists() }),
  });
}

/** Spec 002 §4: same vote removes, other replaces; the server answers the new counts. */
export function useVoteMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vote: Vote) => forumApi.vote(postId, vote),
    onSuccess: (state) => {
      queryClient.setQueryData<ForumPostView>(forumKeys.post(postId), (view) =>
        view ? { ...view, post: { ...view.post, ...state } } : view,
      );
      return queryClient.invalidateQueries({ queryKey: forumKeys.lists() });
    },
    onError: logFailure('vote'),
  });
}

export function useDeletePostMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (postId: string) => forumApi.deletePost(postId),
    onSuccess: (_, postId) => {
      queryClient.removeQueries({ queryKey: forumKeys.post(postId) });
      return queryClient.invalidateQueries({ queryKey: forumKeys.lists() });
    },
    onError: logFailure('post delete'),
  });
}

export function useModeratePostMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { isPinned?: boolean; isLocked?: boolean }) => forumApi.moderatePost(postId, change),
    onSuccess: ({ post }) => {
      queryClient.setQueryData<ForumPostView>(forumKeys.post(postId), (view) =>
        view ? { ...view, post } : view,
      );
      return queryClient.invalidateQueries({ queryKey: forumKeys.lists() });
    },
    onError: logFailure('moderation'),
  });
}

/** Spec 002 §4: a reply reloads the replies and the post (its count and last activity). */
export function useCreateReplyMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateForumReply) => forumApi.createReply(postId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forumKeys.all }),
  });
}

export function useDeleteReplyMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (replyId: string) => forumApi.deleteReply(replyId),
    onSuccess: (_, replyId) => {
      queryClient.setQueryData<ForumReply[]>(forumKeys.replies(postId), (replies) =>
        replies?.filter((r) => r.id !== replyId),
      );
      return queryClient.invalidateQueries({ queryKey: forumKeys.all });
    },
    onError: logFailure('reply delete'),
  });
}

/** Spec 002 §4: an admin flips the star; the local list takes the server's answer. */
export function useStarReplyMutation(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ replyId, isStarred }: { replyId: string; isStarred: boolean }) =>
      forumApi.starReply(replyId, isStarred),
    onSuccess: ({ reply }) => {
      queryClient.setQueryData<ForumReply[]>(forumKeys.replies(postId), (replies) =>
        replies?.map((r) => (r.id === reply.id ? reply : r)),
      );
    },
    onError: logFailure('star'),
  });
}
