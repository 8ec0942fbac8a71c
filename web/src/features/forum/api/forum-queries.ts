import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { forumApi, forumKeys, type PostListFilter } from './forum-api';

export function useForumCategoriesQuery() {
  return useQuery({
    queryKey: forumKeys.categories(),
    queryFn: async ({ signal }) => (await forumApi.categories(signal)).categories,
    staleTime: 10 * 60_000,
  });
}

/** The list keeps showing the last results while a new search or sort loads, so it never blinks. */
export function useForumPostsQuery(filter: PostListFilter) {
  return useQuery({
    queryKey: forumKeys.list(filter),
    queryFn: async ({ signal }) => (await forumApi.posts(filter, signal)).posts,
    placeholderData: keepPreviousData,
  });
}

export const forumPostQuery = (postId: string) =>
  queryOptions({
    queryKey: forumKeys.post(postId),
    queryFn: ({ signal }) => forumApi.post(postId, signal),
    // A missing or malformed post is not worth a second try: the screen leaves for the list.
    retry: false,
  });

export function useForumPostQuery(postId: string) {
  return useQuery(forumPostQuery(postId));
}

export function useForumRepliesQuery(postId: string) {
  return useQuery({
    queryKey: forumKeys.replies(postId),
    queryFn: async ({ signal }) => (await forumApi.replies(postId, signal)).replies,
  });
}
