import type { FastifyInstance } from 'fastify';
import { forumRoutes } from './forum.routes';
import { createForumService, type ForumDeps } from './forum.service';

/** The forum area: categories, posts, votes, threaded replies and moderation (decision 0020). */
export async function registerForum(app: FastifyInstance, deps: ForumDeps): Promise<void> {
  await app.register(forumRoutes, { service: createForumService(deps) });
}
