import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ForumPost, ForumReply } from '@klang/domain';
import type { Queryable } from '../db/client';
import { nextAddress, signUp, type Client } from './accounts-helpers';

/** A signed-in forum user: the accounts client plus the verbs the forum also uses. */
export interface ForumClient extends Client {
  put(url: string, payload: unknown): Promise<LightMyRequestResponse>;
  del(url: string): Promise<LightMyRequestResponse>;
}

export function forumClient(app: FastifyInstance, client: Client): ForumClient {
  const headers = { cookie: client.cookie };
  return {
    ...client,
    put: (url, payload) =>
      app.inject({ method: 'PUT', url, payload: payload as object, headers, remoteAddress: nextAddress() }),
    del: (url) => app.inject({ method: 'DELETE', url, headers, remoteAddress: nextAddress() }),
  };
}

export async function forumUser(
  app: FastifyInstance,
  kind: 'listener' | 'artist' = 'listener',
  overrides: Record<string, string> = {},
) {
  const user = await signUp(app, kind, overrides);
  return { ...forumClient(app, user), username: user.username, email: user.email };
}

/** Admins are the accounts in the admins table (product-decisions.md, Accounts). */
export async function forumAdmin(app: FastifyInstance, db: Queryable) {
  const admin = await forumUser(app);
  await db.query('insert into admins (id) values ($1)', [admin.id]);
  return admin;
}

/** A test database starts empty; these are the rows the seed would have written. */
export async function insertCategories(db: Queryable): Promise<{ general: string; feedback: string }> {
  const insert = async (name: string, color: string, order: number) => {
    const [row] = await db.query<{ id: string }>(
      `insert into forum_categories (name, description, color, icon, sort_order)
       values ($1, $2, $3, 'MessageSquare', $4) returning id`,
      [name, `About ${name}`, color, order],
    );
    if (!row) throw new Error('category insert failed');
    return row.id;
  };
  const general = await insert('General', '#FF383A', 1);
  const feedback = await insert('Feedback', '#22C55E', 2);
  await db.query(
    `insert into forum_categories (name, description, color, icon, sort_order, is_active)
     values ('Archive', 'Closed', '#777777', 'Lock', 3, false)`,
  );
  return { general, feedback };
}

export async function createPost(
  client: Client,
  categoryId: string,
  fields: { title?: string; content?: string; isAnonymous?: boolean } = {},
): Promise<ForumPost> {
  const res = await client.post('/api/forum/posts', {
    categoryId,
    title: fields.title ?? 'A post',
    content: fields.content ?? 'Some words',
    isAnonymous: fields.isAnonymous ?? false,
  });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.body}`);
  return res.json<{ post: ForumPost }>().post;
}

export async function createReply(
  client: Client,
  postId: string,
  fields: { content?: string; parentReplyId?: string | null; isAnonymous?: boolean } = {},
): Promise<ForumReply> {
  const res = await client.post(`/api/forum/posts/${postId}/replies`, {
    content: fields.content ?? 'A reply',
    parentReplyId: fields.parentReplyId ?? null,
    isAnonymous: fields.isAnonymous ?? false,
  });
  if (res.statusCode !== 201) throw new Error(`reply failed: ${res.body}`);
  return res.json<{ reply: ForumReply }>().reply;
}
