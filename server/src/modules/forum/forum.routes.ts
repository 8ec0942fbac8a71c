import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
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
} from '@klang/domain';
import { signedIn, signedInId } from '../../plugins/session';
import { assertNotDemo } from '../accounts/accounts.service';
import type { ForumService } from './forum.service';

/**
 * The forum's HTTP surface (spec 002 §2.7, §2.8); every rule lives in the service. The whole
 * forum needs a session (spec 002 §6). Posting and replying are also limited per account in the
 * service; the per-address limits here only blunt floods.
 */
export const forumRoutes: FastifyPluginAsyncZod<{ service: ForumService }> = async (app, { service }) => {
  const auth = { preValidation: app.requireSession };
  const tags = ['forum'];
  const writes = { rateLimit: { max: 60, timeWindow: '1 minute' } };

  app.get(
    '/api/forum/categories',
    { ...auth, schema: { tags, response: { 200: forumCategoriesResponseSchema } } },
    async () => ({ categories: await service.listCategories() }),
  );

  app.get(
    '/api/forum/posts',
    {
      ...auth,
      schema: { tags, querystring: forumPostListQuerySchema, response: { 200: forumPostListSchema } },
    },
    async (request) => ({ posts: await service.listPosts(signedInId(request.account), request.query) }),
  );

  app.post(
    '/api/forum/posts',
    {
      ...auth,
      schema: { tags, body: createForumPostSchema, response: { 201: forumPostResponseSchema } },
      config: writes,
    },
    async (request, reply) => {
      const account = signedIn(request.account);
      assertNotDemo(account, ACCOUNT_MESSAGES.demoForum);
      const post = await service.createPost(account.id, request.body);
      return reply.status(201).send({ post });
    },
  );

  app.get(
    '/api/forum/posts/:postId',
    { ...auth, schema: { tags, params: forumPostParamsSchema, response: { 200: forumPostViewSchema } } },
    async (request) => service.viewPost(signedInId(request.account), request.params.postId),
  );

  app.patch(
    '/api/forum/posts/:postId',
    {
      ...auth,
      schema: {
        tags,
        params: forumPostParamsSchema,
        body: moderatePostSchema,
        response: { 200: forumPostResponseSchema },
      },
      config: writes,
    },
    async (request) => ({
      post: await service.moderatePost(signedInId(request.account), request.params.postId, request.body),
    }),
  );

  app.delete(
    '/api/forum/posts/:postId',
    { ...auth, schema: { tags, params: forumPostParamsSchema, response: { 204: z.null() } }, config: writes },
    async (request, reply) => {
      await service.deletePost(signedInId(request.account), request.params.postId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/forum/posts/:postId/views',
    {
      ...auth,
      schema: { tags, params: forumPostParamsSchema, response: { 200: forumViewResponseSchema } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => {
      signedInId(request.account);
      return service.recordView(request.params.postId);
    },
  );

  app.post(
    '/api/forum/posts/:postId/vote',
    {
      ...auth,
      schema: {
        tags,
        params: forumPostParamsSchema,
        body: forumVoteRequestSchema,
        response: { 200: forumVoteResponseSchema },
      },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => service.vote(signedInId(request.account), request.params.postId, request.body.vote),
  );

  app.get(
    '/api/forum/posts/:postId/replies',
    {
      ...auth,
      schema: { tags, params: forumPostParamsSchema, response: { 200: forumRepliesResponseSchema } },
    },
    async (request) => ({
      replies: await service.listReplies(signedInId(request.account), request.params.postId),
    }),
  );

  app.post(
    '/api/forum/posts/:postId/replies',
    {
      ...auth,
      schema: {
        tags,
        params: forumPostParamsSchema,
        body: createForumReplySchema,
        response: { 201: forumReplyResponseSchema },
      },
      config: writes,
    },
    async (request, reply) => {
      const account = signedIn(request.account);
      assertNotDemo(account, ACCOUNT_MESSAGES.demoForum);
      const created = await service.createReply(account.id, request.params.postId, request.body);
      return reply.status(201).send({ reply: created });
    },
  );

  app.put(
    '/api/forum/replies/:replyId/star',
    {
      ...auth,
      schema: {
        tags,
        params: forumReplyParamsSchema,
        body: starReplySchema,
        response: { 200: forumReplyResponseSchema },
      },
      config: writes,
    },
    async (request) => ({
      reply: await service.starReply(
        signedInId(request.account),
        request.params.replyId,
        request.body.isStarred,
      ),
    }),
  );

  app.delete(
    '/api/forum/replies/:replyId',
    {
      ...auth,
      schema: { tags, params: forumReplyParamsSchema, response: { 204: z.null() } },
      config: writes,
    },
    async (request, reply) => {
      await service.deleteReply(signedInId(request.account), request.params.replyId);
      return reply.status(204).send(null);
    },
  );
};
