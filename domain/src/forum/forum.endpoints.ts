import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../accounts/accounts-messages';
import { defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';
import {
  createForumPostSchema,
  createForumReplySchema,
  forumCategoriesResponseSchema,
  forumPostListQuerySchema,
  forumPostListSchema,
  forumPostParamsSchema,
  forumPostResponseSchema,
  forumPostViewSchema,
  forumRepliesResponseSchema,
  forumReplyParamsSchema,
  forumReplyResponseSchema,
  forumViewResponseSchema,
  forumVoteRequestSchema,
  forumVoteResponseSchema,
  moderatePostSchema,
  starReplySchema,
  FORUM_MESSAGES,
} from './forum.schema';

const tags = ['forum'];

/** The forum (spec 002 §2.7, §2.8); every endpoint needs a session (spec 002 §6). */
export const forumEndpoints = defineEndpoints({
  forumCategories: endpoint({
    method: 'GET',
    path: '/api/forum/categories',
    policy: { access: 'session', limit: null },
    response: { 200: forumCategoriesResponseSchema },
    tags,
  }),
  forumPosts: endpoint({
    method: 'GET',
    path: '/api/forum/posts',
    policy: { access: 'session', limit: null },
    query: forumPostListQuerySchema,
    response: { 200: forumPostListSchema },
    tags,
  }),
  createForumPost: endpoint({
    method: 'POST',
    path: '/api/forum/posts',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoForum },
      limit: perAddress(60, '1 minute'),
    },
    body: createForumPostSchema,
    response: { 201: forumPostResponseSchema },
    tags,
  }),
  forumPost: endpoint({
    method: 'GET',
    path: '/api/forum/posts/:postId',
    policy: { access: 'session', limit: null },
    params: forumPostParamsSchema,
    response: { 200: forumPostViewSchema },
    tags,
  }),
  /** Pin or lock, for moderators. */
  moderateForumPost: endpoint({
    method: 'PATCH',
    path: '/api/forum/posts/:postId',
    policy: { access: 'admin', refusal: FORUM_MESSAGES.adminsOnly, limit: perAddress(60, '1 minute') },
    params: forumPostParamsSchema,
    body: moderatePostSchema,
    response: { 200: forumPostResponseSchema },
    tags,
  }),
  deleteForumPost: endpoint({
    method: 'DELETE',
    path: '/api/forum/posts/:postId',
    policy: { access: 'session', limit: perAddress(60, '1 minute') },
    params: forumPostParamsSchema,
    response: { 204: z.null() },
    tags,
  }),
  recordForumView: endpoint({
    method: 'POST',
    path: '/api/forum/posts/:postId/views',
    policy: { access: 'session', limit: perAddress(120, '1 minute') },
    params: forumPostParamsSchema,
    response: { 200: forumViewResponseSchema },
    tags,
  }),
  voteOnForumPost: endpoint({
    method: 'POST',
    path: '/api/forum/posts/:postId/vote',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoForumVote },
      limit: perAddress(120, '1 minute'),
    },
    params: forumPostParamsSchema,
    body: forumVoteRequestSchema,
    response: { 200: forumVoteResponseSchema },
    tags,
  }),
  forumReplies: endpoint({
    method: 'GET',
    path: '/api/forum/posts/:postId/replies',
    policy: { access: 'session', limit: null },
    params: forumPostParamsSchema,
    response: { 200: forumRepliesResponseSchema },
    tags,
  }),
  createForumReply: endpoint({
    method: 'POST',
    path: '/api/forum/posts/:postId/replies',
    policy: {
      access: 'session',
      demoAccount: { refused: ACCOUNT_MESSAGES.demoForum },
      limit: perAddress(60, '1 minute'),
    },
    params: forumPostParamsSchema,
    body: createForumReplySchema,
    response: { 201: forumReplyResponseSchema },
    tags,
  }),
  starForumReply: endpoint({
    method: 'PUT',
    path: '/api/forum/replies/:replyId/star',
    policy: { access: 'admin', refusal: FORUM_MESSAGES.adminsOnly, limit: perAddress(60, '1 minute') },
    params: forumReplyParamsSchema,
    body: starReplySchema,
    response: { 200: forumReplyResponseSchema },
    tags,
  }),
  deleteForumReply: endpoint({
    method: 'DELETE',
    path: '/api/forum/replies/:replyId',
    policy: { access: 'session', limit: perAddress(60, '1 minute') },
    params: forumReplyParamsSchema,
    response: { 204: z.null() },
    tags,
  }),
});
