import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCOUNT_MESSAGES, forumEndpoints } from '@klang/domain';
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

  contractRoute(app, forumEndpoints.forumCategories, auth, async () => ({
    categories: await service.listCategories(),
  }));

  contractRoute(app, forumEndpoints.forumPosts, auth, async (request) => ({
    posts: await service.listPosts(signedInId(request.account), request.query),
  }));

  contractRoute(app, forumEndpoints.createForumPost, writes, async (request, reply) => {
    const account = signedIn(request.account);
    assertNotDemo(account, ACCOUNT_MESSAGES.demoForum);
    const post = await service.createPost(account.id, request.body);
    return reply.status(201).send({ post });
  });

  contractRoute(app, forumEndpoints.forumPost, auth, async (request) =>
    service.viewPost(signedInId(request.account), request.params.postId),
  );

  contractRoute(app, forumEndpoints.moderateForumPost, writes, async (request) => ({
    post: await service.moderatePost(signedInId(request.account), request.params.postId, request.body),
  }));

  contractRoute(app, forumEndpoints.deleteForumPost, writes, async (request, reply) => {
    await service.deletePost(signedInId(request.account), request.params.postId);
    return reply.status(204).send(null);
  });

  contractRoute(app, forumEndpoints.recordForumView, taps, async (request) =>
    service.recordView(signedInId(request.account), request.params.postId),
  );

  contractRoute(app, forumEndpoints.voteOnForumPost, taps, async (request) => {
    const account = signedIn(request.account);
    assertNotDemo(account, ACCOUNT_MESSAGES.demoForumVote);
    return service.vote(account.id, request.params.postId, request.body.vote);
  });

  contractRoute(app, forumEndpoints.forumReplies, auth, async (request) => ({
    replies: await service.listReplies(signedInId(request.account), request.params.postId),
  }));

  contractRoute(app, forumEndpoints.createForumReply, writes, async (request, reply) => {
    const account = signedIn(request.account);
    assertNotDemo(account, ACCOUNT_MESSAGES.demoForum);
    const created = await service.createReply(account.id, request.params.postId, request.body);
    return reply.status(201).send({ reply: created });
  });

  contractRoute(app, forumEndpoints.starForumReply, writes, async (request) => ({
    reply: await service.starReply(
      signedInId(request.account),
      request.params.replyId,
      request.body.isStarred,
    ),
  }));

  contractRoute(app, forumEndpoints.deleteForumReply, writes, async (request, reply) => {
    await service.deleteReply(signedInId(request.account), request.params.replyId);
    return reply.status(204).send(null);
  });
};
