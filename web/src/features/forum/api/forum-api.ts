import {
  forumEndpoints,
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
  categories: (signal?: AbortSignal) =>
    api.call(forumEndpoints.forumCategories, { ...(signal && { signal }) }),
  posts: (filter: PostListFilter, signal?: AbortSignal) =>
    api.call(forumEndpoints.forumPosts, { query: listQuery(filter), ...(signal && { signal }) }),
  post: (postId: string, signal?: AbortSignal) =>
    api.call(forumEndpoints.forumPost, { params: { postId }, ...(signal && { signal }) }),
  createPost: (input: CreateForumPost) => api.call(forumEndpoints.createForumPost, { body: input }),
  deletePost: (postId: string) => api.call(forumEndpoints.deleteForumPost, { params: { postId } }),
  moderatePost: (postId: string, change: { isPinned?: boolean; isLocked?: boolean }) =>
    api.call(forumEndpoints.moderateForumPost, { params: { postId }, body: change }),
  recordView: (postId: string) => api.call(forumEndpoints.recordForumView, { params: { postId } }),
  vote: (postId: string, vote: Vote) =>
    api.call(forumEndpoints.voteOnForumPost, { params: { postId }, body: { vote } }),
  replies: (postId: string, signal?: AbortSignal) =>
    api.call(forumEndpoints.forumReplies, { params: { postId }, ...(signal && { signal }) }),
  createReply: (postId: string, input: CreateForumReply) =>
    api.call(forumEndpoints.createForumReply, { params: { postId }, body: input }),
  deleteReply: (replyId: string) => api.call(forumEndpoints.deleteForumReply, { params: { replyId } }),
  starReply: (replyId: string, isStarred: boolean) =>
    api.call(forumEndpoints.starForumReply, { params: { replyId }, body: { isStarred } }),
};
