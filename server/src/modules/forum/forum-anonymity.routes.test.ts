import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_LIMITS, FORUM_MESSAGES, forumPostResponseSchema } from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { insertMedia } from '../../test/catalogue-fixtures';
import { createPost, createReply, forumAdmin, forumUser, insertCategories } from '../../test/forum-helpers';

/**
 * product-decisions.md Data: anonymous posts and replies expose no author in any response, while the
 * server keeps the private link (rate limits, moderation, account deletion).
 */
describe('anonymous forum posts and replies', () => {
  let t: TestApp;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategories(t.db)).general;
  });
  afterAll(async () => {
    await t.close();
  });

  /** An artist with a name, a gold badge and a profile photo: everything that could leak. */
  async function recognisableAuthor() {
    const author = await forumUser(t.app, 'artist', { artistName: 'Velvet Quasar' });
    const photo = await insertMedia(t.db, 'profile-images', 'image/png', 'png');
    await t.db.query(
      'update artist_profiles set gold_badge_applied = true, profile_image_id = $2 where id = $1',
      [author.id, photo.id],
    );
    const named = await createPost(author, categoryId, { title: 'Named' });
    expect(named.author?.avatarUrl).toContain(photo.key);
    return {
      author,
      photoKey: photo.key,
      traces: [author.id, author.username, author.email, 'Velvet Quasar', photo.key],
    };
  }

  it('names no author in any forum response, to anyone, the author included', async () => {
    const { author, traces } = await recognisableAuthor();
    const reader = await forumUser(t.app);
    const admin = await forumAdmin(t.app, t.db);
    const post = await createPost(author, categoryId, { title: 'Secret worries', isAnonymous: true });
    const named = await createReply(reader, post.id, { content: 'You are not alone' });
    const reply = await createReply(author, post.id, {
      content: 'Thank you',
      parentReplyId: named.id,
      isAnonymous: true,
    });
    expect(post).toMatchObject({ author: null, isAnonymous: true, isMine: false });
    expect(reply).toMatchObject({ author: null, isAnonymous: true, isMine: false });

    const bodies: string[] = [JSON.stringify(post), JSON.stringify(reply)];
    for (const who of [author, reader, admin]) {
      const calls = [
        who.get('/api/forum/posts'),
        who.get('/api/forum/posts?search=secret'),
        who.get('/api/forum/posts?sort=popular'),
        who.get(`/api/forum/posts?categoryId=${categoryId}`),
        who.get(`/api/forum/posts/${post.id}`),
        who.get(`/api/forum/posts/${post.id}/replies`),
        who.post(`/api/forum/posts/${post.id}/views`),
        who.post(`/api/forum/posts/${post.id}/vote`, { vote: 'up' }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(200);
        bodies.push(res.body, JSON.stringify(res.headers));
      }
    }
    bodies.push((await admin.patch(`/api/forum/posts/${post.id}`, { isPinned: true })).body);
    bodies.push((await admin.put(`/api/forum/replies/${reply.id}/star`, { isStarred: true })).body);

    // The named post of the same author is in the list; the anonymous post's entries must not be.
    const anonymousEntries = bodies.flatMap((body) => entriesAbout(body, [post.id, reply.id]));
    expect(anonymousEntries.length).toBeGreaterThan(20);
    for (const entry of anonymousEntries) {
      for (const trace of traces) expect(entry).not.toContain(trace);
      expect(entry).not.toMatch(/"author":\{/);
    }
  });

  it('lets nobody but an admin delete an anonymous post or reply, its author included', async () => {
    const author = await forumUser(t.app);
    const admin = await forumAdmin(t.app, t.db);
    const post = await createPost(author, categoryId, { isAnonymous: true });
    const reply = await createReply(author, post.id, { isAnonymous: true });
    expect((await author.del(`/api/forum/replies/${reply.id}`)).statusCode).toBe(403);
    expect((await author.del(`/api/forum/posts/${post.id}`)).statusCode).toBe(403);
    expect((await admin.del(`/api/forum/replies/${reply.id}`)).statusCode).toBe(204);
    expect((await admin.del(`/api/forum/posts/${post.id}`)).statusCode).toBe(204);
    expect(await t.db.query('select 1 from forum_posts where id = $1', [post.id])).toEqual([]);
  });

  it('counts anonymous posts against the author’s rate limit', async () => {
    const author = await forumUser(t.app);
    for (let i = 0; i < FORUM_LIMITS.postsPerWindow; i += 1)
      await createPost(author, categoryId, { isAnonymous: true });
    const res = await author.post('/api/forum/posts', { categoryId, title: 'One more', content: 'x' });
    expect(res.statusCode).toBe(429);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(FORUM_MESSAGES.postingTooFast);
  });

  it("removes the author's anonymous posts and replies with the account, and fixes the counts", async () => {
    const author = await forumUser(t.app);
    const other = await forumUser(t.app);
    const theirs = await createPost(author, categoryId, { isAnonymous: true });
    const host = await createPost(other, categoryId);
    const kept = await createReply(other, host.id);
    await createReply(author, host.id, { isAnonymous: true });
    await createReply(author, host.id);
    expect(
      forumPostResponseSchema.parse((await other.get(`/api/forum/posts/${host.id}`)).json()).post.replyCount,
    ).toBe(3);

    const res = await author.post('/functions/v1/delete-user-account', {
      user_id: author.id,
      confirmation_text: 'DELETE MY ACCOUNT',
    });
    expect(res.statusCode).toBe(200);
    expect((await other.get(`/api/forum/posts/${theirs.id}`)).statusCode).toBe(404);
    const after = forumPostResponseSchema.parse((await other.get(`/api/forum/posts/${host.id}`)).json()).post;
    expect(after).toMatchObject({ replyCount: 1, lastReplyAt: kept.createdAt });
    expect(await t.db.query('select 1 from forum_reply_owners o where o.owner_id = $1', [author.id])).toEqual(
      [],
    );
  });
});

/** Every JSON object in a response body whose `id` is one of `ids`, as text. */
function entriesAbout(body: string, ids: string[]): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.id === 'string' && ids.includes(record.id)) found.push(JSON.stringify(record));
      Object.values(record).forEach(walk);
    }
  };
  walk(parsed);
  // Responses about the anonymous post without an id of their own (views, votes) are entries too.
  if (found.length === 0 && parsed && typeof parsed === 'object' && !('posts' in parsed)) found.push(body);
  return found;
}
