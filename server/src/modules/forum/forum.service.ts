import {
  FORUM_LIMITS,
  FORUM_MESSAGES,
  LIMITS,
  type CreateForumPost,
  type CreateForumReply,
  type ForumAuthor,
  type ForumCategory,
  type ForumPost,
  type ForumPostSummary,
  type ForumPostView,
  type ForumReply,
  type ForumSort,
  type ForumVoteState,
  type Vote,
} from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { StorageProvider } from '../../providers/storage/storage';
import {
  createForumRepository,
  type AuthorColumns,
  type ForumRepository,
  type PostRow,
  type ReplyRow,
} from './forum.repository';

/** The list shows no pagination (spec 002 §2.7); a cap keeps one request bounded all the same. */
const LIST_LIMIT = 200;
const AVATAR_URL_SECONDS = LIMITS.secureUrlMaxSeconds;

export interface ForumDeps {
  db: Db;
  storage: StorageProvider;
}

/**
 * The forum's rules (spec 002 §2.7 to §2.9, §4 to §6; product-decisions.md Data). Every write that touches
 * a post's counters runs in one transaction holding that post's row lock; the counters themselves
 * move in database triggers (migration 0020), so cascades keep them exact too.
 */
export function createForumService(deps: ForumDeps) {
  const { db, storage } = deps;
  const repo = createForumRepository(db);

  /** Spec 002 §6: admins show as Admin; others by artist name, then username, then Unknown. */
  async function toAuthor(row: AuthorColumns, isAnonymous: boolean): Promise<ForumAuthor | null> {
    if (isAnonymous) return null;
    const avatarUrl =
      row.avatar_bucket && row.avatar_key
        ? await storage.signedUrl(row.avatar_bucket, row.avatar_key, { expiresInSeconds: AVATAR_URL_SECONDS })
        : null;
    if (row.author_is_admin) {
      return { name: FORUM_MESSAGES.adminAuthor, avatarUrl, isAdmin: true, isVerified: false };
    }
    return {
      name: row.author_artist_name ?? row.author_username ?? FORUM_MESSAGES.unknownAuthor,
      avatarUrl,
      isAdmin: false,
      isVerified: row.author_gold_badge === true,
    };
  }

  async function toPostFields(row: PostRow) {
    return {
      id: row.id,
      title: row.title,
      category: { id: row.category_id, name: row.category_name, color: row.category_color },
      author: await toAuthor(row, row.is_anonymous),
      isAnonymous: row.is_anonymous,
      isMine: row.is_mine,
      isPinned: row.is_pinned,
      isLocked: row.is_locked,
      viewCount: row.view_count,
      replyCount: row.reply_count,
      upvotes: row.upvotes,
      downvotes: row.downvotes,
      userVote: row.user_vote,
      createdAt: new Date(row.created_at).toISOString(),
      lastReplyAt: new Date(row.last_reply_at).toISOString(),
    };
  }

  async function toReply(row: ReplyRow): Promise<ForumReply> {
    return {
      id: row.id,
      postId: row.post_id,
      parentReplyId: row.parent_reply_id,
      content: row.content,
      author: await toAuthor(row, row.is_anonymous),
      isAnonymous: row.is_anonymous,
      isMine: row.is_mine,
      isStarred: row.is_starred,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  async function getPost(viewerId: string, postId: string): Promise<ForumPost> {
    const row = await repo.findPost(viewerId, postId);
    if (!row) throw new AppError('NOT_FOUND', FORUM_MESSAGES.postNotFound);
    return { ...(await toPostFields(row)), content: row.content };
  }

  return {
    async listCategories(): Promise<ForumCategory[]> {
      return repo.listCategories();
    },

    /** Search is a case-insensitive partial match on title or content (spec 002 §5). */
    async listPosts(
      viewerId: string,
      query: { categoryId?: string | undefined; search?: string | undefined; sort: ForumSort },
    ): Promise<ForumPostSummary[]> {
      const rows = await repo.listPosts(viewerId, query, {
        previewChars: LIMITS.forumPreviewChars,
        limit: LIST_LIMIT,
      });
      return Promise.all(
        rows.map(async (row) => ({
          ...(await toPostFields(row)),
          preview: row.is_truncated ? `${row.content.trimEnd()}...` : row.content,
        })),
      );
    },

    /** The post screen: the post, and whether the viewer may moderate it. */
    async viewPost(viewerId: string, postId: string): Promise<ForumPostView> {
      const post = await getPost(viewerId, postId);
      return { post, viewer: { isAdmin: await repo.isAdmin(viewerId) } };
    },

    /**
     * An open counts as a view once per account and UTC day (decision 0257), in SQL
     * (product-decisions.md: never read and written back).
     */
    async recordView(viewerId: string, postId: string): Promise<{ viewCount: number }> {
      const viewCount = await repo.recordView(postId, viewerId);
      if (viewCount === undefined) throw new AppError('NOT_FOUND', FORUM_MESSAGES.postNotFound);
      return { viewCount };
    },

    /**
     * Creates a post; an anonymous one keeps its author only in the private owner link. The
     * owner's advisory lock makes the per-account rate check exact under parallel requests.
     */
    async createPost(authorId: string, input: Required<CreateForumPost>): Promise<ForumPost> {
      const postId = await db.transaction(async (tx) => {
        const txRepo = createForumRepository(tx);
        await txRepo.lockOwner(authorId);
        const recent = await txRepo.countRecentPosts(authorId, FORUM_LIMITS.rateWindowMinutes);
        if (recent >= FORUM_LIMITS.postsPerWindow)
          throw new AppError('RATE_LIMITED', FORUM_MESSAGES.postingTooFast);
        if (!(await txRepo.isActiveCategory(input.categoryId)))
          throw new AppError('VALIDATION_FAILED', FORUM_MESSAGES.categoryNotFound, {
            categoryId: FORUM_MESSAGES.categoryNotFound,
          });
        return txRepo.insertPost({ ownerId: authorId, ...input });
      });
      return getPost(authorId, postId);
    },

    /**
     * Spec 002 §6: the author or an admin deletes a post. An anonymous post names no author, so
     * only an admin removes it (issue 12: admins moderate anonymous posts too).
     */
    async deletePost(accountId: string, postId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createForumRepository(tx);
        const post = await txRepo.lockPost(postId);
        if (!post) throw new AppError('NOT_FOUND', FORUM_MESSAGES.postNotFound);
        if (post.author_id !== accountId) await requireAdmin(txRepo, accountId, FORUM_MESSAGES.notYourPost);
        await txRepo.deletePost(postId);
      });
    },

    /** An admin's (forumEndpoints.moderateForumPost's policy checks who). */
    async moderatePost(
      accountId: string,
      postId: string,
      change: { isPinned?: boolean | undefined; isLocked?: boolean | undefined },
    ): Promise<ForumPost> {
      const updated = await repo.moderatePost(postId, {
        ...(change.isPinned !== undefined && { isPinned: change.isPinned }),
        ...(change.isLocked !== undefined && { isLocked: change.isLocked }),
      });
      if (!updated) throw new AppError('NOT_FOUND', FORUM_MESSAGES.postNotFound);
      return getPost(accountId, postId);
    },

    /**
     * Spec 002 §4 Forum: the same vote again removes it, the other vote replaces it; one vote per
     * post and account. The post's row lock orders parallel votes, so each sees the last result.
     */
    async vote(userId: string, postId: string, vote: Vote): Promise<ForumVoteState> {
      return db.transaction(async (tx) => {
        const txRepo = createForumRepository(tx);
        if (!(await txRepo.lockPost(postId))) throw new AppError('NOT_FOUND', FORUM_MESSAGES.postNotFound);
        const current = await txRepo.findVote(postId, userId);
        const next = current === vote ? null : vote;
        if (next === null) await txRepo.deleteVote(postId, userId);
        else await txRepo.upsertVote(postId, userId, next);
        return { ...(await txRepo.voteCounts(postId)), userVote: next };
      });
    },

    /**
     * Removes every vote of a user; the counters follow in their triggers. The shared demo
     * account's votes go at each demo login (decision 0258), as its likes do.
     */
    async clearVotes(userId: string): Promise<void> {
      await repo.deleteVotesOf(userId);
    },

    async listReplies(viewerId: string, postId: string): Promise<ForumReply[]> {
      if (!(await repo.findPost(viewerId, postId)))
        throw new AppError('NOT_FOUND', FORUM_MESSAGES.postNotFound);
      return Promise.all((await repo.listReplies(viewerId, postId)).map(toReply));
    },

    /** Refused on a locked post; a reply-to must be a reply on the same post. */
    async createReply(
      authorId: string,
      postId: string,
      input: Required<CreateForumReply>,
    ): Promise<ForumReply> {
      const replyId = await db.transaction(async (tx) => {
        const txRepo = createForumRepository(tx);
        await txRepo.lockOwner(authorId);
        const post = await txRepo.lockPost(postId);
        if (!post) throw new AppError('NOT_FOUND', FORUM_MESSAGES.postNotFound);
        if (post.is_locked) throw new AppError('FORBIDDEN', FORUM_MESSAGES.postLocked);
        const recent = await txRepo.countRecentReplies(authorId, FORUM_LIMITS.rateWindowMinutes);
        if (recent >= FORUM_LIMITS.repliesPerWindow)
          throw new AppError('RATE_LIMITED', FORUM_MESSAGES.postingTooFast);
        if (input.parentReplyId !== null) {
          const parent = await txRepo.findReplyPost(input.parentReplyId);
          if (parent?.post_id !== postId)
            throw new AppError('VALIDATION_FAILED', FORUM_MESSAGES.parentNotInPost, {
              parentReplyId: FORUM_MESSAGES.parentNotInPost,
            });
        }
        return txRepo.insertReply({ ownerId: authorId, postId, ...input });
      });
      const [row] = await repo.listReplies(authorId, postId, replyId);
      if (!row) throw new AppError('NOT_FOUND', FORUM_MESSAGES.replyNotFound);
      return toReply(row);
    },

    /** The reply's author or an admin (spec 002 §6); anonymous replies only an admin. */
    async deleteReply(accountId: string, replyId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const txRepo = createForumRepository(tx);
        const reply = await txRepo.findReplyPost(replyId);
        if (!reply) throw new AppError('NOT_FOUND', FORUM_MESSAGES.replyNotFound);
        // The post's lock orders this deletion with new replies, so last_reply_at stays right.
        await txRepo.lockPost(reply.post_id);
        if (reply.author_id !== accountId) await requireAdmin(txRepo, accountId, FORUM_MESSAGES.notYourReply);
        await txRepo.deleteReply(replyId);
      });
    },

    /** Spec 002 §4 Forum: an admin stars or unstars a reply (the entry's policy checks who). */
    async starReply(accountId: string, replyId: string, isStarred: boolean): Promise<ForumReply> {
      const reply = await repo.findReplyPost(replyId);
      if (!reply || !(await repo.starReply(replyId, isStarred)))
        throw new AppError('NOT_FOUND', FORUM_MESSAGES.replyNotFound);
      const [row] = await repo.listReplies(accountId, reply.post_id, replyId);
      if (!row) throw new AppError('NOT_FOUND', FORUM_MESSAGES.replyNotFound);
      return toReply(row);
    },
  };
}

async function requireAdmin(
  repo: ForumRepository,
  accountId: string,
  message: string = FORUM_MESSAGES.adminsOnly,
): Promise<void> {
  if (!(await repo.isAdmin(accountId))) throw new AppError('FORBIDDEN', message);
}

export type ForumService = ReturnType<typeof createForumService>;
