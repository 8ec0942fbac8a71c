import type { ForumCategory, ForumSort, Vote } from '@klang/domain';
import type { Queryable } from '../../db/client';
import type { Bucket } from '../../providers/storage/storage';

/**
 * The author columns of a post or reply. On an anonymous row author_id is null, so every one of
 * these is null too: the anonymity is in the data, not in a filter a later query could forget.
 */
export interface AuthorColumns {
  author_username: string | null;
  author_artist_name: string | null;
  author_gold_badge: boolean | null;
  author_is_admin: boolean;
  avatar_bucket: Bucket | null;
  avatar_key: string | null;
}

export interface PostRow extends AuthorColumns {
  id: string;
  title: string;
  /** The whole content on a single post; its first characters in a list. */
  content: string;
  is_truncated: boolean;
  category_id: string;
  category_name: string;
  category_color: string;
  is_anonymous: boolean;
  is_mine: boolean;
  is_pinned: boolean;
  is_locked: boolean;
  view_count: number;
  reply_count: number;
  upvotes: number;
  downvotes: number;
  user_vote: Vote | null;
  created_at: Date;
  last_reply_at: Date;
}

export interface ReplyRow extends AuthorColumns {
  id: string;
  post_id: string;
  parent_reply_id: string | null;
  content: string;
  is_anonymous: boolean;
  is_mine: boolean;
  is_starred: boolean;
  created_at: Date;
}

/** Joins the display columns of `alias.author_id`; anonymous rows join nothing. */
function authorJoins(alias: string): string {
  return `left join profiles au on au.id = ${alias}.author_id
    left join artist_profiles aa on aa.id = ${alias}.author_id
    left join listener_profiles al on al.id = ${alias}.author_id
    left join media_objects am on am.id = coalesce(aa.profile_image_id, al.profile_image_id)
    left join admins ad on ad.id = ${alias}.author_id`;
}

const AUTHOR_COLUMNS = `au.username as author_username, au.artist_name as author_artist_name,
  aa.gold_badge_applied as author_gold_badge, ad.id is not null as author_is_admin,
  am.bucket as avatar_bucket, am.storage_key as avatar_key`;

/** $1 is always the viewer. */
function postSelect(contentColumn: string): string {
  return `select p.id, p.title, ${contentColumn}, p.is_anonymous, coalesce(p.author_id = $1, false) as is_mine,
      p.is_pinned, p.is_locked, p.view_count, p.reply_count, p.upvotes, p.downvotes,
      p.created_at, p.last_reply_at, c.id as category_id, c.name as category_name, c.color as category_color,
      v.vote as user_vote, ${AUTHOR_COLUMNS}
    from forum_posts p
    join forum_categories c on c.id = p.category_id
    left join forum_post_votes v on v.post_id = p.id and v.user_id = $1
    ${authorJoins('p')}`;
}

const ORDER_BY: Record<ForumSort, string> = {
  latest: 'p.is_pinned desc, p.last_reply_at desc',
  popular: 'p.view_count desc, p.last_reply_at desc',
  replies: 'p.reply_count desc, p.last_reply_at desc',
};

/** Escapes LIKE's wildcards so a search for "50%" means the characters, not a pattern. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function createForumRepository(db: Queryable) {
  return {
    /** The icon column is checked against the same names as ForumCategory['icon'] (0005-forum.sql). */
    async listCategories(): Promise<ForumCategory[]> {
      return db.query<ForumCategory>(
        `select id, name, description, color, icon from forum_categories
         where is_active order by sort_order, name`,
      );
    },

    async isActiveCategory(categoryId: string): Promise<boolean> {
      const rows = await db.query('select 1 from forum_categories where id = $1 and is_active', [categoryId]);
      return rows.length === 1;
    },

    async listPosts(
      viewerId: string,
      query: { categoryId?: string | undefined; search?: string | undefined; sort: ForumSort },
      options: { previewChars: number; limit: number },
    ): Promise<PostRow[]> {
      const params: unknown[] = [viewerId, options.previewChars, options.limit];
      const where: string[] = [];
      if (query.categoryId) {
        params.push(query.categoryId);
        where.push(`p.category_id = $${params.length}`);
      }
      if (query.search) {
        params.push(likePattern(query.search));
        where.push(`(p.title ilike $${params.length} or p.content ilike $${params.length})`);
      }
      return db.query<PostRow>(
        `${postSelect('left(p.content, $2) as content, char_length(p.content) > $2 as is_truncated')}
         ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
         order by ${ORDER_BY[query.sort]}, p.id
         limit $3`,
        params,
      );
    },

    async findPost(viewerId: string, postId: string): Promise<PostRow | undefined> {
      const rows = await db.query<PostRow>(
        `${postSelect('p.content, false as is_truncated')} where p.id = $2`,
        [viewerId, postId],
      );
      return rows[0];
    },

    /**
     * Locks the post's row for the rest of the transaction, so votes, replies and deletions on
     * one post are applied one after the other and each sees the last one's result.
     */
    async lockPost(
      postId: string,
    ): Promise<{ author_id: string | null; is_anonymous: boolean; is_locked: boolean } | undefined> {
      const rows = await db.query<{ author_id: string | null; is_anonymous: boolean; is_locked: boolean }>(
        'select author_id, is_anonymous, is_locked from forum_posts where id = $1 for update',
        [postId],
      );
      return rows[0];
    },

    /** Serialises one account's writes so two parallel posts cannot both pass the rate check. */
    async lockOwner(ownerId: string): Promise<void> {
      await db.query("select pg_advisory_xact_lock(hashtextextended('forum:' || $1, 0))", [ownerId]);
    },

    async countRecentPosts(ownerId: string, windowMinutes: number): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `select count(*)::int as n from forum_post_owners o join forum_posts p on p.id = o.post_id
         where o.owner_id = $1 and p.created_at > now() - make_interval(mins => $2)`,
        [ownerId, windowMinutes],
      );
      return rows[0]?.n ?? 0;
    },

    async countRecentReplies(ownerId: string, windowMinutes: number): Promise<number> {
      const rows = await db.query<{ n: number }>(
        `select count(*)::int as n from forum_reply_owners o join forum_replies r on r.id = o.reply_id
         where o.owner_id = $1 and r.created_at > now() - make_interval(mins => $2)`,
        [ownerId, windowMinutes],
      );
      return rows[0]?.n ?? 0;
    },

    /** The owner link is written for every post; author_id only for a named one. */
    async insertPost(input: {
      ownerId: string;
      categoryId: string;
      title: string;
      content: string;
      isAnonymous: boolean;
    }): Promise<string> {
      const rows = await db.query<{ id: string }>(
        `insert into forum_posts (title, content, author_id, category_id, is_anonymous)
         values ($1, $2, $3, $4, $5) returning id`,
        [
          input.title,
          input.content,
          input.isAnonymous ? null : input.ownerId,
          input.categoryId,
          input.isAnonymous,
        ],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('forum post insert returned no id');
      await db.query('insert into forum_post_owners (post_id, owner_id) values ($1, $2)', [
        id,
        input.ownerId,
      ]);
      return id;
    },

    async deletePost(postId: string): Promise<boolean> {
      const rows = await db.query('delete from forum_posts where id = $1 returning id', [postId]);
      return rows.length === 1;
    },

    async moderatePost(postId: string, change: { isPinned?: boolean; isLocked?: boolean }): Promise<boolean> {
      const rows = await db.query(
        `update forum_posts set is_pinned = coalesce($2, is_pinned), is_locked = coalesce($3, is_locked),
           updated_at = now()
         where id = $1 returning id`,
        [postId, change.isPinned ?? null, change.isLocked ?? null],
      );
      return rows.length === 1;
    },

    /**
     * Counts the viewer's view of the post once per UTC day, in one statement (decision 0257): the
     * day's row is inserted if new, and the counter moves by what was inserted. Undefined when
     * the post does not exist.
     */
    async recordView(postId: string, viewerId: string): Promise<number | undefined> {
      const rows = await db.query<{ view_count: number }>(
        `with seen as (
           insert into forum_post_views (post_id, account_id, day)
           select id, $2, (now() at time zone 'utc')::date from forum_posts where id = $1
           on conflict do nothing
           returning post_id)
         update forum_posts set view_count = view_count + (select count(*) from seen)::int
         where id = $1 returning view_count`,
        [postId, viewerId],
      );
      return rows[0]?.view_count;
    },

    async findVote(postId: string, userId: string): Promise<Vote | undefined> {
      const rows = await db.query<{ vote: Vote }>(
        'select vote from forum_post_votes where post_id = $1 and user_id = $2',
        [postId, userId],
      );
      return rows[0]?.vote;
    },

    async upsertVote(postId: string, userId: string, vote: Vote): Promise<void> {
      await db.query(
        `insert into forum_post_votes (post_id, user_id, vote) values ($1, $2, $3)
         on conflict (post_id, user_id) do update set vote = excluded.vote`,
        [postId, userId, vote],
      );
    },

    async deleteVote(postId: string, userId: string): Promise<void> {
      await db.query('delete from forum_post_votes where post_id = $1 and user_id = $2', [postId, userId]);
    },

    async deleteVotesOf(userId: string): Promise<void> {
      await db.query('delete from forum_post_votes where user_id = $1', [userId]);
    },

    async voteCounts(postId: string): Promise<{ upvotes: number; downvotes: number }> {
      const rows = await db.query<{ upvotes: number; downvotes: number }>(
        'select upvotes, downvotes from forum_posts where id = $1',
        [postId],
      );
      return rows[0] ?? { upvotes: 0, downvotes: 0 };
    },

    async listReplies(viewerId: string, postId: string, replyId?: string): Promise<ReplyRow[]> {
      return db.query<ReplyRow>(
        `select r.id, r.post_id, r.parent_reply_id, r.content, r.is_anonymous, r.is_starred, r.created_at,
           coalesce(r.author_id = $1, false) as is_mine, ${AUTHOR_COLUMNS}
         from forum_replies r ${authorJoins('r')}
         where r.post_id = $2 and ($3::uuid is null or r.id = $3)
         order by r.created_at, r.id`,
        [viewerId, postId, replyId ?? null],
      );
    },

    async findReplyPost(replyId: string): Promise<{ post_id: string; author_id: string | null } | undefined> {
      const rows = await db.query<{ post_id: string; author_id: string | null }>(
        'select post_id, author_id from forum_replies where id = $1',
        [replyId],
      );
      return rows[0];
    },

    async insertReply(input: {
      ownerId: string;
      postId: string;
      parentReplyId: string | null;
      content: string;
      isAnonymous: boolean;
    }): Promise<string> {
      const rows = await db.query<{ id: string }>(
        `insert into forum_replies (post_id, author_id, parent_reply_id, content, is_anonymous)
         values ($1, $2, $3, $4, $5) returning id`,
        [
          input.postId,
          input.isAnonymous ? null : input.ownerId,
          input.parentReplyId,
          input.content,
          input.isAnonymous,
        ],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('forum reply insert returned no id');
      await db.query('insert into forum_reply_owners (reply_id, owner_id) values ($1, $2)', [
        id,
        input.ownerId,
      ]);
      return id;
    },

    async deleteReply(replyId: string): Promise<boolean> {
      const rows = await db.query('delete from forum_replies where id = $1 returning id', [replyId]);
      return rows.length === 1;
    },

    async starReply(replyId: string, isStarred: boolean): Promise<boolean> {
      const rows = await db.query('update forum_replies set is_starred = $2 where id = $1 returning id', [
        replyId,
        isStarred,
      ]);
      return rows.length === 1;
    },

    async isAdmin(accountId: string): Promise<boolean> {
      const rows = await db.query('select 1 from admins where id = $1', [accountId]);
      return rows.length === 1;
    },
  };
}

export type ForumRepository = ReturnType<typeof createForumRepository>;
