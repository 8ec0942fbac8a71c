import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORUM_LIMITS,
  FORUM_MESSAGES,
  forumPostResponseSchema,
  forumPostViewSchema,
  forumRepliesResponseSchema,
} from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createReply, forumAdmin, forumUser, insertCategories } from '../../test/forum-helpers';

describe('forum replies and moderation', () => {
  let t: TestApp;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategories(t.db)).general;
  });
  afterAll(async () => {
    await t.close();
  });

  const postOf = async (user: { get(url: string): Promise<{ json(): unknown }> }, id: string) =>
    forumPostResponseSchema.parse((await user.get(`/api/forum/posts/${id}`)).json()).post;
  const repliesOf = async (user: { get(url: string): Promise<{ json(): unknown }> }, id: string) =>
    forumRepliesResponseSchema.parse((await user.get(`/api/forum/posts/${id}/replies`)).json()).replies;
  const messageOf = (res: { json(): unknown }) =>
    (res.json() as { error: { message: string } }).error.message;

  it('threads replies, keeps the reply count and last activity, and trims the content', async () => {
    const author = await forumUser(t.app);
    const other = await forumUser(t.app, 'artist');
    const post = await createPost(author, categoryId);
    const first = await createReply(other, post.id, { content: '  First!  ' });
    const nested = await createReply(author, post.id, { content: 'Thanks', parentReplyId: first.id });

    expect(first).toMatchObject({ content: 'First!', parentReplyId: null, isMine: true, isStarred: false });
    expect(nested.parentReplyId).toBe(first.id);
    const after = await postOf(author, post.id);
    expect(after.replyCount).toBe(2);
    expect(after.lastReplyAt).toBe(nested.createdAt);
    expect((await repliesOf(author, post.id)).map((r) => [r.content, r.isMine])).toEqual([
      ['First!', false],
      ['Thanks', true],
    ]);

    // Deleting the newest reply moves last activity back; the nested one outlives its parent.
    expect((await author.del(`/api/forum/replies/${nested.id}`)).statusCode).toBe(204);
    expect(await postOf(author, post.id)).toMatchObject({ replyCount: 1, lastReplyAt: first.createdAt });
    expect((await other.del(`/api/forum/replies/${first.id}`)).statusCode).toBe(204);
    expect(await postOf(author, post.id)).toMatchObject({ replyCount: 0, lastReplyAt: post.createdAt });
  });

  it('keeps a reply whose parent was deleted, as a top-level reply', async () => {
    const user = await forumUser(t.app);
    const post = await createPost(user, categoryId);
    const parent = await createReply(user, post.id);
    const child = await createReply(user, post.id, { parentReplyId: parent.id });
    await user.del(`/api/forum/replies/${parent.id}`);
    expect(await repliesOf(user, post.id)).toEqual([{ ...child, parentReplyId: null }]);
  });

  it('refuses blank and over-long replies, and a reply-to from another post, writing nothing', async () => {
    const user = await forumUser(t.app);
    const post = await createPost(user, categoryId);
    const elsewhere = await createReply(user, (await createPost(user, categoryId)).id);
    const cases: [object, string][] = [
      [{ content: '   ' }, FORUM_MESSAGES.enterReply],
      [{}, FORUM_MESSAGES.enterReply],
      [{ content: 'x'.repeat(FORUM_LIMITS.replyMaxChars + 1) }, FORUM_MESSAGES.replyTooLong],
      [{ content: 'hi', parentReplyId: elsewhere.id }, FORUM_MESSAGES.parentNotInPost],
    ];
    for (const [payload, message] of cases) {
      const res = await user.post(`/api/forum/posts/${post.id}/replies`, payload);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    expect(await repliesOf(user, post.id)).toEqual([]);
    expect((await postOf(user, post.id)).replyCount).toBe(0);
  });

  it('counts replies exactly when many arrive at once', async () => {
    const author = await forumUser(t.app);
    const post = await createPost(author, categoryId);
    const users = await Promise.all(Array.from({ length: 8 }, () => forumUser(t.app)));
    await Promise.all(users.flatMap((u) => [createReply(u, post.id), createReply(u, post.id)]));
    expect((await postOf(author, post.id)).replyCount).toBe(16);
  });

  it('limits how many replies one account writes in a window', async () => {
    const user = await forumUser(t.app);
    const post = await createPost(user, categoryId);
    const answers = await Promise.all(
      Array.from({ length: FORUM_LIMITS.repliesPerWindow + 2 }, () =>
        user.post(`/api/forum/posts/${post.id}/replies`, { content: 'spam' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(FORUM_LIMITS.repliesPerWindow);
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited).toHaveLength(2);
    expect(messageOf(limited[0] ?? { json: () => ({}) })).toBe(FORUM_MESSAGES.postingTooFast);
  });

  it('refuses replies on a locked post, for admins as well, until it is unlocked', async () => {
    const user = await forumUser(t.app);
    const admin = await forumAdmin(t.app, t.db);
    const post = await createPost(user, categoryId);
    const locked = await admin.patch(`/api/forum/posts/${post.id}`, { isLocked: true });
    expect(forumPostResponseSchema.parse(locked.json()).post.isLocked).toBe(true);
    for (const who of [user, admin]) {
      const res = await who.post(`/api/forum/posts/${post.id}/replies`, { content: 'Let me in' });
      expect(res.statusCode).toBe(403);
      expect(messageOf(res)).toBe(FORUM_MESSAGES.postLocked);
    }
    expect((await postOf(user, post.id)).replyCount).toBe(0);
    await admin.patch(`/api/forum/posts/${post.id}`, { isLocked: false });
    expect(
      (await user.post(`/api/forum/posts/${post.id}/replies`, { content: 'Open again' })).statusCode,
    ).toBe(201);
  });

  it('lets only admins pin, lock and star; authors and admins delete (the rights matrix)', async () => {
    const author = await forumUser(t.app);
    const stranger = await forumUser(t.app);
    const admin = await forumAdmin(t.app, t.db);
    const post = await createPost(author, categoryId);
    const reply = await createReply(author, post.id);

    for (const who of [author, stranger]) {
      for (const change of [{ isPinned: true }, { isLocked: true }]) {
        const res = await who.patch(`/api/forum/posts/${post.id}`, change);
        expect(res.statusCode).toBe(403);
        expect(messageOf(res)).toBe(FORUM_MESSAGES.adminsOnly);
      }
      expect((await who.put(`/api/forum/replies/${reply.id}/star`, { isStarred: true })).statusCode).toBe(
        403,
      );
    }
    expect((await stranger.del(`/api/forum/replies/${reply.id}`)).statusCode).toBe(403);
    const refusedPost = await stranger.del(`/api/forum/posts/${post.id}`);
    expect(refusedPost.statusCode).toBe(403);
    expect(messageOf(refusedPost)).toBe(FORUM_MESSAGES.notYourPost);
    expect(await postOf(author, post.id)).toMatchObject({ isPinned: false, isLocked: false, replyCount: 1 });
    expect((await repliesOf(author, post.id))[0]?.isStarred).toBe(false);

    const viewerOf = async (who: typeof admin) =>
      forumPostViewSchema.parse((await who.get(`/api/forum/posts/${post.id}`)).json()).viewer;
    expect(await viewerOf(admin)).toEqual({ isAdmin: true });
    expect(await viewerOf(author)).toEqual({ isAdmin: false });

    const pinned = await admin.patch(`/api/forum/posts/${post.id}`, { isPinned: true, isLocked: true });
    expect(forumPostResponseSchema.parse(pinned.json()).post).toMatchObject({
      isPinned: true,
      isLocked: true,
    });
    const starred = await admin.put(`/api/forum/replies/${reply.id}/star`, { isStarred: true });
    expect(starred.json<{ reply: { isStarred: boolean } }>().reply.isStarred).toBe(true);
    expect((await repliesOf(stranger, post.id))[0]?.isStarred).toBe(true);
    await admin.put(`/api/forum/replies/${reply.id}/star`, { isStarred: false });
    expect((await repliesOf(stranger, post.id))[0]?.isStarred).toBe(false);

    expect((await admin.del(`/api/forum/replies/${reply.id}`)).statusCode).toBe(204);
    expect((await admin.del(`/api/forum/posts/${post.id}`)).statusCode).toBe(204);
    expect((await author.get(`/api/forum/posts/${post.id}`)).statusCode).toBe(404);

    const own = await createPost(author, categoryId);
    expect((await author.del(`/api/forum/posts/${own.id}`)).statusCode).toBe(204);
    expect((await author.del(`/api/forum/posts/${own.id}`)).statusCode).toBe(404);
  });

  it('shows an admin author as Admin with the ADMIN flag, and a gold-badge artist as verified', async () => {
    const admin = await forumAdmin(t.app, t.db);
    const artist = await forumUser(t.app, 'artist');
    await t.db.query('update artist_profiles set gold_badge_applied = true where id = $1', [artist.id]);
    const post = await createPost(admin, categoryId);
    const reply = await createReply(artist, post.id);
    expect(post.author).toEqual({ name: 'Admin', avatarUrl: null, isAdmin: true, isVerified: false });
    expect(reply.author).toEqual({
      name: `Artist ${artist.username}`,
      avatarUrl: null,
      isAdmin: false,
      isVerified: true,
    });
  });
});
