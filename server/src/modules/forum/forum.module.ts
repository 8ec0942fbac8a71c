import type { FastifyInstance } from 'fastify';
import { forumRoutes } from './forum.routes';
import { createForumService, type ForumDeps } from './forum.service';

/**
 * The forum area: categories, posts, votes, threaded replies and moderation (decision 0020).
 * Returns its service: accounts clear the shared demo account's votes through it.
 */
export async function registerForum(app: FastifyInstance, deps: ForumDeps) {
  const service = createForumService(deps);
  await app.register(forumRoutes, { service });
  return { service };
}
