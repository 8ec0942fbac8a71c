import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  DEMO_ACCOUNT,
  forumPostResponseSchema,
  forumVoteResponseSchema,
  type ForumVoteState,
} from '@klang/domain';
import { signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, forumUser, insertCategories } from '../../test/forum-helpers';

describe('forum votes', () => {
  let t: TestApp;
  let categoryId: string;

  beforeAll(async () => {
    t = await createTestApp();
    categoryId = (await insertCategories(t.db)).general;
  });
  afterAll(async () => {
    await t.close();
  });

  const vote = async (
    user: { post(url: string, payload: unknown): Promise<{ json(): unknown }> },
    postId: string,
    v: string,
  ) =>
    forumVoteResponseSchema.parse((await user.post(`/api/forum/posts/${postId}/vote`, { vote: v })).json());

  const storedVotes = (postId: string) =>
    t.db.query<{ user_id: string; vote: string }>(
      'select user_id, vote from forum_post_votes where post_id = $1',
      [postId],
    );

  it('adds a vote, removes it with the same vote, and replaces it with the other', async () => {
    const author = await forumUser(t.app);
    const voter = await forumUser(t.app);
    const post = await createPost(author, categoryId);
    const steps: [string, ForumVoteState][] = [
      ['up', { upvotes: 1, downvotes: 0, userVote: 'up' }],
      ['up', { upvotes: 0, downvotes: 0, userVote: null }],
      ['down', { upvotes: 0, downvotes: 1, userVote: 'down' }],
      ['up', { upvotes: 1, downvotes: 0, userVote: 'up' }],
      ['down', { upvotes: 0, downvotes: 1, userVote: 'down' }],
      ['down', { upvotes: 0, downvotes: 0, userVote: null }],
    ];
    for (const [v, expected] of steps) {
      expect(await vote(voter, post.id, v)).toEqual(expected);
      const rows = await storedVotes(post.id);
      expect(rows).toEqual(expected.userVote ? [{ user_id: voter.id, vote: expected.userVote }] : []);
    }
  });

  it('shows each viewer their own vote on the post and in the list', async () => {
    const a = await forumUser(t.app);
    const b = await forumUser(t.app);
    const post = await createPost(a, categoryId);
    await vote(a, post.id, 'up');
    await vote(b, post.id, 'down');
    const seen = async (user: typeof a) =>
      forumPostResponseSchema.parse((await user.get(`/api/forum/posts/${post.id}`)).json()).post;
    expect(await seen(a)).toMatchObject({ upvotes: 1, downvotes: 1, userVote: 'up' });
    expect(await seen(b)).toMatchObject({ upvotes: 1, downvotes: 1, userVote: 'down' });
    const listed = (await b.get('/api/forum/posts')).json<{
      posts: { id: string; userVote: string | null }[];
    }>();
    expect(listed.posts.find((p) => p.id === post.id)?.userVote).toBe('down');
  });

  it('keeps the counts exact when many people vote at the same moment', async () => {
    const author = await forumUser(t.app);
    const post = await createPost(author, categoryId);
    const voters = await Promise.all(Array.from({ length: 12 }, () => forumUser(t.app)));
    const first = (i: number) => (i % 3 === 0 ? 'down' : 'up');
    const other = (v: string) => (v === 'up' ? 'down' : 'up');
    await Promise.all(voters.map((voter, i) => vote(voter, post.id, first(i))));
    const counts = async () => {
      const { post: p } = forumPostResponseSchema.parse(
        (await author.get(`/api/forum/posts/${post.id}`)).json(),
      );
      return { up: p.upvotes, down: p.downvotes };
    };
    expect(await counts()).toEqual({ up: 8, down: 4 });

    // At once: the even ones change their mind, the odd ones press the same vote again (removal).
    await Promise.all(
      voters.map((voter, i) => vote(voter, post.id, i % 2 === 0 ? other(first(i)) : first(i))),
    );
    // Even voters 0 and 6 went from down to up; 2, 4, 8 and 10 from up to down.
    expect(await counts()).toEqual({ up: 2, down: 4 });
    expect(await storedVotes(post.id)).toHaveLength(6);
  });

  it('keeps one vote per account when one account sends the same vote many times at once', async () => {
    const author = await forumUser(t.app);
    const voter = await forumUser(t.app);
    const post = await createPost(author, categoryId);
    const answers = await Promise.all(Array.from({ length: 9 }, () => vote(voter, post.id, 'up')));
    // Nine presses in a row, each applied after the last: on, off, on, ... ends on.
    expect(answers.filter((a) => a.userVote === 'up')).toHaveLength(5);
    expect(await storedVotes(post.id)).toEqual([{ user_id: voter.id, vote: 'up' }]);
    const [counts] = await t.db.query('select upvotes, downvotes from forum_posts where id = $1', [post.id]);
    expect(counts).toEqual({ upvotes: 1, downvotes: 0 });
  });

  it('refuses a vote that is neither up nor down, and one on a missing post', async () => {
    const voter = await forumUser(t.app);
    const post = await createPost(voter, categoryId);
    expect((await voter.post(`/api/forum/posts/${post.id}/vote`, { vote: 'sideways' })).statusCode).toBe(400);
    expect(
      (await voter.post('/api/forum/posts/00000000-0000-4000-8000-000000000000/vote', { vote: 'up' }))
        .statusCode,
    ).toBe(404);
    expect(await storedVotes(post.id)).toEqual([]);
  });

  it("drops a deleted account's votes from the counts", async () => {
    const author = await forumUser(t.app);
    const voter = await forumUser(t.app);
    const post = await createPost(author, categoryId);
    await vote(voter, post.id, 'down');
    const deleted = await voter.post('/functions/v1/delete-user-account', {
      user_id: voter.id,
      confirmation_text: 'DELETE MY ACCOUNT',
    });
    expect(deleted.statusCode).toBe(200);
    const { post: after } = forumPostResponseSchema.parse(
      (await author.get(`/api/forum/posts/${post.id}`)).json(),
    );
    expect({ up: after.upvotes, down: after.downvotes }).toEqual({ up: 0, down: 0 });
  });

  describe('the shared demo account', () => {
    it('may not vote, and the votes it holds go at the next demo login with the counts', async () => {
      const author = await forumUser(t.app);
      const post = await createPost(author, categoryId);
      const demo = await signUp(t.app, 'listener', {
        email: DEMO_ACCOUNT.email,
        password: DEMO_ACCOUNT.password,
        username: 'klangdemo',
      });

      const refused = await demo.post(`/api/forum/posts/${post.id}/vote`, { vote: 'down' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(
        ACCOUNT_MESSAGES.demoForumVote,
      );
      expect(await storedVotes(post.id)).toEqual([]);

      // A vote the demo account cast before votes were refused is undone by the demo reset.
      await t.db.query("insert into forum_post_votes (post_id, user_id, vote) values ($1, $2, 'down')", [
        post.id,
        demo.id,
      ]);
      const reset = await demo.post('/functions/v1/clear-demo-interactions', { demoUserId: demo.id });
      expect(reset.statusCode).toBe(200);
      expect(await storedVotes(post.id)).toEqual([]);
      const { post: after } = forumPostResponseSchema.parse(
        (await author.get(`/api/forum/posts/${post.id}`)).json(),
      );
      expect({ up: after.upvotes, down: after.downvotes }).toEqual({ up: 0, down: 0 });
    });
  });
});
