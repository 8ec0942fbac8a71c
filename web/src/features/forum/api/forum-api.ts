import {
  forumCategoriesResponseSchema,
  forumPostListSchema,
  forumPostResponseSchema,
  forumPostViewSchema,
  forumRepliesResponseSchema,
  forumReplyResponseSchema,
  forumViewResponseSchema,
  forumVoteResponseSchema,
  type CreateForumPost,
  type CreateForumReply,
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

const post = (postId: string) => `/api/forum/posts/${encodeURIComponent(postId)}`;
const reply = (replyId: string) => `/api/forum/replies/${encodeURIComponent(replyId)}`;

function listQuery(filter: PostListFilter): string {
  const params = new URLSearchParams({ sort: filter.sort });
  if (filter.categoryId) params.set('categoryId', filter.categoryId);
  const search = filter.search.trim();
  if (search) params.set('search', search);
  return params.toString();
}

export const forumApi = {
  categories: (signal?: AbortSignal) =>
    api.get('/api/forum/categories', forumCategoriesResponseSchema, { ...(signal && { signal }) }),
  posts: (filter: PostListFilter, signal?: AbortSignal) =>
    api.get(`/api/forum/posts?${listQuery(filter)}`, forumPostListSchema, { ...(signal && { signal }) }),
  post: (postId: string, signal?: AbortSignal) =>
    api.get(post(postId), forumPostViewSchema, { ...(signal && { signal }) }),
  createPost: (input: CreateForumPost) => api.post('/api/forum/posts', input, forumPostResponseSchema),
  deletePost: (postId: string) => api.delete(post(postId)),
  moderatePost: (postId: string, change: { isPinned?: boolean; isLocked?: boolean }) =>
    api.patch(post(postId), change, forumPostResponseSchema),
  recordView: (postId: string) => api.post(`${post(postId)}/views`, {}, forumViewResponseSchema),
  vote: (postId: string, vote: Vote) => api.post(`${post(postId)}/vote`, { vote }, forumVoteResponseSchema),
  replies: (postId: string, signal?: AbortSignal) =>
    api.get(`${post(postId)}/replies`, forumRepliesResponseSchema, { ...(signal && { signal }) }),
  createReply: (postId: string, input: CreateForumReply) =>
    api.post(`${post(postId)}/replies`, input, forumReplyResponseSchema),
  deleteReply: (replyId: string) => api.delete(reply(replyId)),
  starReply: (replyId: string, isStarred: boolean) =>
    api.put(`${reply(replyId)}/star`, { isStarred }, forumReplyResponseSchema),
};
