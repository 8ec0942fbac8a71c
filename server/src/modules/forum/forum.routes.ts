import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, endpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
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
  const writes = { ...auth, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };
  const taps = { ...auth, config: { rateLimit: { max: 120, timeWindow: '1 minute' } } };

  contractRoute(app, endpoints.forumCategories, auth, async () => ({
    categories: await service.listCategories(),
  }));

  contractRoute(app, endpoints.forumPosts, auth, async (request) => ({
    posts: await service.listPosts(signedInId(request.account), request.query),
  }));

  contractRoute(app, endpoints.createForumPost, writes, async (request, reply) => {
    const account = signedIn(request.account);
    assertNotDemo(account, ACCOUNT_MESSAGES.demoForum);
    const post = await service.createPost(account.id, request.body);
    return reply.status(201).send({ post });
  });

  contractRoute(app, endpoints.forumPost, auth, async (request) =>
    service.viewPost(signedInId(request.account), request.params.postId),
  );

  contractRoute(app, endpoints.moderateForumPost, writes, async (request) => ({
    post: await service.moderatePost(signedInId(request.account), request.params.postId, request.body),
  }));

  contractRoute(app, endpoints.deleteForumPost, writes, async (request, reply) => {
    await service.deletePost(signedInId(request.account), request.params.postId);
    return reply.status(204).send(null);
  });

  contractRoute(app, endpoints.recordForumView, taps, async (request) => {
    signedInId(request.account);
    return service.recordView(request.params.postId);
  });

  contractRoute(app, endpoints.voteOnForumPost, taps, async (request) =>
    service.vote(signedInId(request.account), request.params.postId, request.body.vote),
  );

  contractRoute(app, endpoints.forumReplies, auth, async (request) => ({
    replies: await service.listReplies(signedInId(request.account), request.params.postId),
  }));

  contractRoute(app, endpoints.createForumReply, writes, async (request, reply) => {
    const account = signedIn(request.account);
    assertNotDemo(account, ACCOUNT_MESSAGES.demoForum);
    const created = await service.createReply(account.id, request.params.postId, request.body);
    return reply.status(201).send({ reply: created });
  });

  contractRoute(app, endpoints.starForumReply, writes, async (request) => ({
    reply: await service.starReply(
      signedInId(request.account),
      request.params.replyId,
      request.body.isStarred,
    ),
  }));

  contractRoute(app, endpoints.deleteForumReply, writes, async (request, reply) => {
    await service.deleteReply(signedInId(request.account), request.params.replyId);
    return reply.status(204).send(null);
  });
};
