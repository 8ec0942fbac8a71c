import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORUM_LIMITS,
  FORUM_MESSAGES,
  forumCategoriesResponseSchema,
  forumPostListSchema,
  forumPostResponseSchema,
  MESSAGES,
  type ForumPostSummary,
} from '@klang/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, forumAdmin, forumUser, insertCategories } from '../../test/forum-helpers';

describe('forum posts', () => {
  let t: TestApp;
  let categories: { general: string; feedback: string };

  beforeAll(async () => {
    t = await createTestApp();
    categories = await insertCategories(t.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (user: { get(url: string): Promise<{ json(): unknown }> }, query = '') =>
    forumPostListSchema.parse((await user.get(`/api/forum/posts${query}`)).json()).posts;

  it('refuses every forum call without a session', async () => {
    const user = await forumUser(t.app);
    const post = await createPost(user, categories.general);
    const id = post.id;
    // Valid bodies: validation runs before the session check, and this test is about the session.
    const calls = [
      ['GET', '/api/forum/categories'],
      ['GET', '/api/forum/posts'],
      ['POST', '/api/forum/posts', { categoryId: categories.general, title: 'x', content: 'y' }],
      ['GET', `/api/forum/posts/${id}`],
      ['PATCH', `/api/forum/posts/${id}`, { isPinned: true }],
      ['DELETE', `/api/forum/posts/${id}`],
      ['POST', `/api/forum/posts/${id}/views`],
      ['POST', `/api/forum/posts/${id}/vote`, { vote: 'up' }],
      ['GET', `/api/forum/posts/${id}/replies`],
      ['POST', `/api/forum/posts/${id}/replies`, { content: 'hi' }],
      ['PUT', `/api/forum/replies/${id}/star`, { isStarred: true }],
      ['DELETE', `/api/forum/replies/${id}`],
    ] as const;
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method, url, ...(payload && { payload }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.body).toContain(MESSAGES.userNotAuthenticated);
    }
    const [row] = await t.db.query<{
      view_count: number;
      is_pinned: boolean;
      upvotes: number;
      reply_count: number;
    }>('select view_count, is_pinned, upvotes, reply_count from forum_posts where id = $1', [id]);
    expect(row).toEqual({ view_count: 0, is_pinned: false, upvotes: 0, reply_count: 0 });
  });

  it('lists the active categories in their order', async () => {
    const user = await forumUser(t.app);
    const body = forumCategoriesResponseSchema.parse((await user.get('/api/forum/categories')).json());
    expect(body.categories.map((c) => c.name)).toEqual(['General', 'Feedback']);
  });

  it('creates a post with trimmed fields and refuses blanks, long text and unknown categories', async () => {
    const user = await forumUser(t.app, 'artist');
    const res = await user.post('/api/forum/posts', {
      categoryId: categories.general,
      title: '  Hello there  ',
      content: '\n  First line\nSecond line  \n',
      isAnonymous: false,
    });
    expect(res.statusCode).toBe(201);
    const { post } = forumPostResponseSchema.parse(res.json());
    expect(post).toMatchObject({
      title: 'Hello there',
      content: 'First line\nSecond line',
      isMine: true,
      isAnonymous: false,
      viewCount: 0,
      replyCount: 0,
      upvotes: 0,
      downvotes: 0,
      userVote: null,
      category: { id: categories.general, name: 'General', color: '#FF383A' },
      author: { name: `Artist ${user.username}`, isAdmin: false, isVerified: false, avatarUrl: null },
    });

    const before = await t.db.query('select id from forum_posts');
    const bad: [object, string][] = [
      [{ categoryId: categories.general, title: '   ', content: 'x' }, FORUM_MESSAGES.fillAllFields],
      [{ categoryId: categories.general, title: 'x', content: ' \n ' }, FORUM_MESSAGES.fillAllFields],
      [{ title: 'x', content: 'y' }, FORUM_MESSAGES.fillAllFields],
      [
        { categoryId: categories.general, title: 'x'.repeat(FORUM_LIMITS.titleMaxChars + 1), content: 'y' },
        FORUM_MESSAGES.titleTooLong,
      ],
      [
        { categoryId: categories.general, title: 'x', content: 'y'.repeat(FORUM_LIMITS.postMaxChars + 1) },
        FORUM_MESSAGES.postTooLong,
      ],
      [
        { categoryId: '00000000-0000-4000-8000-000000000000', title: 'x', content: 'y' },
        FORUM_MESSAGES.categoryNotFound,
      ],
    ];
    for (const [payload, message] of bad) {
      const refused = await user.post('/api/forum/posts', payload);
      expect(refused.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(message);
    }
    const [archived] = await t.db.query<{ id: string }>(
      "select id from forum_categories where name = 'Archive'",
    );
    const inactive = await user.post('/api/forum/posts', {
      categoryId: archived?.id,
      title: 'x',
      content: 'y',
    });
    expect(inactive.statusCode).toBe(400);
    expect(await t.db.query('select id from forum_posts')).toHaveLength(before.length);
  });

  it('limits how many posts one account writes in a window, whatever address it comes from', async () => {
    const user = await forumUser(t.app);
    const attempts = await Promise.all(
      Array.from({ length: FORUM_LIMITS.postsPerWindow + 3 }, (_, i) =>
        user.post('/api/forum/posts', { categoryId: categories.feedback, title: `Flood ${i}`, content: 'x' }),
      ),
    );
    const created = attempts.filter((r) => r.statusCode === 201);
    const limited = attempts.filter((r) => r.statusCode === 429);
    expect(created).toHaveLength(FORUM_LIMITS.postsPerWindow);
    expect(limited).toHaveLength(3);
    expect(limited[0]?.json<{ error: { message: string } }>().error.message).toBe(
      FORUM_MESSAGES.postingTooFast,
    );
    await t.db.query('delete from forum_posts where title like $1', ['Flood %']);
  });

  it('searches title or content, case-insensitively and literally, within a category', async () => {
    const user = await forumUser(t.app);
    const a = await createPost(user, categories.general, { title: 'Sidechain TIPS', content: 'Pump it' });
    const b = await createPost(user, categories.feedback, {
      title: 'Mix check',
      content: 'sidechain too loud?',
    });
    const c = await createPost(user, categories.feedback, { title: '100% analog', content: 'warm' });
    const ids = (posts: ForumPostSummary[]) => posts.map((p) => p.id).sort();

    expect(ids(await list(user, '?search=SideChain'))).toEqual([a.id, b.id].sort());
    expect(ids(await list(user, `?search=sidechain&categoryId=${categories.feedback}`))).toEqual([b.id]);
    expect(ids(await list(user, '?search=0%25'))).toEqual([c.id]);
    expect(await list(user, '?search=_')).toEqual([]);
    expect((await user.get(`/api/forum/posts?search=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });

  it('sorts by pinned then activity, by views, and by replies', async () => {
    const user = await forumUser(t.app);
    const admin = await forumAdmin(t.app, t.db);
    await t.db.query('delete from forum_posts');
    const old = await createPost(user, categories.general, { title: 'Old' });
    const viewed = await createPost(user, categories.general, { title: 'Viewed' });
    const discussed = await createPost(user, categories.general, { title: 'Discussed' });
    await t.db.query(`update forum_posts set last_reply_at = now() - interval '1 day' where id = $1`, [
      old.id,
    ]);
    for (let i = 0; i < 3; i += 1) await user.post(`/api/forum/posts/${viewed.id}/views`);
    await user.post(`/api/forum/posts/${discussed.id}/replies`, { content: 'One' });
    await user.post(`/api/forum/posts/${discussed.id}/replies`, { content: 'Two' });
    await admin.patch(`/api/forum/posts/${old.id}`, { isPinned: true });

    const titles = async (sort: string) => (await list(user, `?sort=${sort}`)).map((p) => p.title);
    expect(await titles('latest')).toEqual(['Old', 'Discussed', 'Viewed']);
    expect(await titles('popular')).toEqual(['Viewed', 'Discussed', 'Old']);
    expect(await titles('replies')).toEqual(['Discussed', 'Viewed', 'Old']);
    expect((await user.get('/api/forum/posts?sort=newest')).statusCode).toBe(400);
  });

  it('counts a view once per account and UTC day, however often or in parallel it is sent', async () => {
    const author = await forumUser(t.app);
    const reader = await forumUser(t.app);
    const post = await createPost(author, categories.general);
    const view = async (user: typeof reader) => {
      const res = await user.post(`/api/forum/posts/${post.id}/views`);
      expect(res.statusCode).toBe(200);
      return res.json<{ viewCount: number }>().viewCount;
    };
    for (let i = 0; i < 30; i += 1) await view(reader);
    await Promise.all(Array.from({ length: 30 }, () => view(reader)));
    expect(await view(reader)).toBe(1);
    expect(await view(author)).toBe(2);

    // The next UTC day the same reader counts again, once.
    await t.db.query(`update forum_post_views set day = day - 1 where post_id = $1 and account_id = $2`, [
      post.id,
      reader.id,
    ]);
    expect(await view(reader)).toBe(3);
    expect(await view(reader)).toBe(3);
    const stored = await t.db.query<{ view_count: number }>(
      'select view_count from forum_posts where id = $1',
      [post.id],
    );
    expect(stored).toEqual([{ view_count: 3 }]);
    expect(
      (await reader.post('/api/forum/posts/00000000-0000-4000-8000-000000000000/views')).statusCode,
    ).toBe(404);
  });

  it('previews 150 characters of the content in the list', async () => {
    const user = await forumUser(t.app);
    const long = await createPost(user, categories.general, { title: 'Long', content: 'a'.repeat(400) });
    const short = await createPost(user, categories.general, { title: 'Short', content: 'b'.repeat(150) });
    const posts = await list(user);
    expect(posts.find((p) => p.id === long.id)?.preview).toBe(`${'a'.repeat(150)}...`);
    expect(posts.find((p) => p.id === short.id)?.preview).toBe('b'.repeat(150));
    expect(posts[0]).not.toHaveProperty('content');
  });

  it("counts every reader's first open exactly once, also when many open the post at the same moment", async () => {
    const user = await forumUser(t.app);
    const post = await createPost(user, categories.general);
    const readers = await Promise.all(Array.from({ length: 12 }, () => forumUser(t.app)));
    const opens = await Promise.all(
      readers.map((reader) => reader.post(`/api/forum/posts/${post.id}/views`)),
    );
    const counts = opens.map((r) => r.json<{ viewCount: number }>().viewCount).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const { post: after } = forumPostResponseSchema.parse(
      (await user.get(`/api/forum/posts/${post.id}`)).json(),
    );
    expect(after.viewCount).toBe(12);
    // Reading a post counts nothing: only the open does.
    expect(
      forumPostResponseSchema.parse((await user.get(`/api/forum/posts/${post.id}`)).json()).post.viewCount,
    ).toBe(12);
  });

  it('answers 404 for a missing post and 400 for a malformed id', async () => {
    const user = await forumUser(t.app);
    const missing = await user.get('/api/forum/posts/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ error: { message: string } }>().error.message).toBe(FORUM_MESSAGES.postNotFound);
    const malformed = await user.get('/api/forum/posts/not-a-uuid');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error: { message: string } }>().error.message).toBe(FORUM_MESSAGES.invalidPostId);
  });
});
