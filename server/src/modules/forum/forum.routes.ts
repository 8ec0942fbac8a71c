import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forumEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import type { ForumService } from './forum.service';

/**
 * The forum's HTTP surface (spec 002 §2.7, §2.8); every rule lives in the service, and who may
 * call each route in its contract entry (the whole forum needs a session, spec 002 §6).
 */
export const forumRoutes: FastifyPluginAsyncZod<{ service: ForumService }> = async (app, { service }) => {
  contractRoute(app, forumEndpoints.forumCategories, async () => ({
    categories: await service.listCategories(),
  }));

  contractRoute(app, forumEndpoints.forumPosts, async (request) => ({
    posts: await service.listPosts(signedInId(request.account), request.query),
  }));

  contractRoute(app, forumEndpoints.createForumPost, async (request, reply) => {
    const post = await service.createPost(signedInId(request.account), request.body);
    return reply.status(201).send({ post });
  });

  contractRoute(app, forumEndpoints.forumPost, async (request) =>
    service.viewPost(signedInId(request.account), request.params.postId),
  );

  contractRoute(app, forumEndpoints.moderateForumPost, async (request) => ({
    post: await service.moderatePost(signedInId(request.account), request.params.postId, request.body),
  }));

  contractRoute(app, forumEndpoints.deleteForumPost, async (request, reply) => {
    await service.deletePost(signedInId(request.account), request.params.postId);
    return reply.status(204).send(null);
  });

  contractRoute(app, forumEndpoints.recordForumView, async (request) =>
    service.recordView(signedInId(request.account), request.params.postId),
  );

  contractRoute(app, forumEndpoints.voteOnForumPost, async (request) =>
    service.vote(signedInId(request.account), request.params.postId, request.body.vote),
  );

  contractRoute(app, forumEndpoints.forumReplies, async (request) => ({
    replies: await service.listReplies(signedInId(request.account), request.params.postId),
  }));

  contractRoute(app, forumEndpoints.createForumReply, async (request, reply) => {
    const created = await service.createReply(
      signedInId(request.account),
      request.params.postId,
      request.body,
    );
    return reply.status(201).send({ reply: created });
  });

  contractRoute(app, forumEndpoints.starForumReply, async (request) => ({
    reply: await service.starReply(
      signedInId(request.account),
      request.params.replyId,
      request.body.isStarred,
    ),
  }));

  contractRoute(app, forumEndpoints.deleteForumReply, async (request, reply) => {
    await service.deleteReply(signedInId(request.account), request.params.replyId);
    return reply.status(204).send(null);
  });
};
