import {
  endpoints,
  type CreateForumPost,
  type CreateForumReply,
  type ForumPostListQuery,
  type ForumSort,
  type Vote,
} from '@klang/domain';
import { api } from '../../../lib/api-client';

export interface PostListFilter {
  categoryId: string | null;
  search: string;
  sort: ForumSort;
}

/** One query-key factory for the forum: everything under `forum` is invalidated together. */
export const forumKeys = {
  all: ['forum'] as const,
  categories: () => [...forumKeys.all, 'categories'] as const,
  lists: () => [...forumKeys.all, 'posts'] as const,
  list: (filter: PostListFilter) => [...forumKeys.lists(), filter] as const,
  post: (postId: string) => [...forumKeys.all, 'post', postId] as const,
  replies: (postId: string) => [...forumKeys.all, 'replies', postId] as const,
};

/** The list's query: the sort always, the category and a trimmed search only when set. */
function listQuery(filter: PostListFilter): ForumPostListQuery {
  const search = filter.search.trim();
  return {
    sort: filter.sort,
    ...(filter.categoryId && { categoryId: filter.categoryId }),
    ...(search && { search }),
  };
}

export const forumApi = {
  categories: (signal?: AbortSignal) => api.call(endpoints.forumCategories, { ...(signal && { signal }) }),
  posts: (filter: PostListFilter, signal?: AbortSignal) =>
    api.call(endpoints.forumPosts, { query: listQuery(filter), ...(signal && { signal }) }),
  post: (postId: string, signal?: AbortSignal) =>
    api.call(endpoints.forumPost, { params: { postId }, ...(signal && { signal }) }),
  createPost: (input: CreateForumPost) => api.call(endpoints.createForumPost, { body: input }),
  deletePost: (postId: string) => api.call(endpoints.deleteForumPost, { params: { postId } }),
  moderatePost: (postId: string, change: { isPinned?: boolean; isLocked?: boolean }) =>
    api.call(endpoints.moderateForumPost, { params: { postId }, body: change }),
  recordView: (postId: string) => api.call(endpoints.recordForumView, { params: { postId } }),
  vote: (postId: string, vote: Vote) =>
    api.call(endpoints.voteOnForumPost, { params: { postId }, body: { vote } }),
  replies: (postId: string, signal?: AbortSignal) =>
    api.call(endpoints.forumReplies, { params: { postId }, ...(signal && { signal }) }),
  createReply: (postId: string, input: CreateForumReply) =>
    api.call(endpoints.createForumReply, { params: { postId }, body: input }),
  deleteReply: (replyId: string) => api.call(endpoints.deleteForumReply, { params: { replyId } }),
  starReply: (replyId: string, isStarred: boolean) =>
    api.call(endpoints.starForumReply, { params: { replyId }, body: { isStarred } }),
};
