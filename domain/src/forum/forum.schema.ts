import { z } from 'zod';

/**
 * The forum's payloads (spec 002 §2.7 to §2.9, §3 to §9; product-decisions.md Data). An anonymous post or
 * reply carries `author: null` and nothing else that could name its writer.
 */

/** Content limits match the database checks in 0005-forum.sql; rate limits are per account. */
export const FORUM_LIMITS = {
  titleMaxChars: 200,
  postMaxChars: 20_000,
  replyMaxChars: 10_000,
  searchMaxChars: 100,
  postsPerWindow: 6,
  repliesPerWindow: 20,
  rateWindowMinutes: 10,
} as const;

export const FORUM_MESSAGES = {
  fillAllFields: 'Please fill in all fields',
  createPostFailed: 'Failed to create post. Please try again.',
  enterReply: 'Please enter a reply',
  replyFailed: 'Failed to post reply. Please try again.',
  mustBeLoggedInToReply: 'You must be logged in to post a reply',
  invalidPostId: 'Invalid post ID',
  replyPosted: 'Reply posted successfully!',
  noPostsYet: 'No posts yet',
  noPostsInCategory: 'No posts in this category yet.',
  beFirstToDiscuss: 'Be the first to start a discussion!',
  noReplies: 'No replies yet. Be the first to reply!',
  confirmDeletePost: 'Are you sure you want to delete this post? This action cannot be undone.',
  confirmDeleteReply: 'Are you sure you want to delete this reply? This action cannot be undone.',
  titleTooLong: `Title must be ${FORUM_LIMITS.titleMaxChars} characters or fewer`,
  postTooLong: `Post must be ${FORUM_LIMITS.postMaxChars.toLocaleString('en-GB')} characters or fewer`,
  replyTooLong: `Reply must be ${FORUM_LIMITS.replyMaxChars.toLocaleString('en-GB')} characters or fewer`,
  categoryNotFound: 'That category does not exist',
  postNotFound: 'Post not found',
  replyNotFound: 'Reply not found',
  parentNotInPost: 'You can only reply to a reply on the same post',
  postLocked: 'This post is locked: new replies are closed',
  postingTooFast: 'You are posting too fast. Please wait a few minutes and try again.',
  notYourPost: 'You can only delete your own posts',
  notYourReply: 'You can only delete your own replies',
  adminsOnly: 'Only forum admins can do that',
  anonymous: 'Anonymous',
  unknownAuthor: 'Unknown',
  adminAuthor: 'Admin',
} as const;

export const FORUM_SORTS = ['latest', 'popular', 'replies'] as const;
export type ForumSort = (typeof FORUM_SORTS)[number];
export const FORUM_SORT_LABELS: Record<ForumSort, string> = {
  latest: 'Latest Activity',
  popular: 'Most Views',
  replies: 'Most Replies',
};

export const FORUM_ICONS = [
  'MessageSquare',
  'Plus',
  'Pin',
  'Lock',
  'Eye',
  'MessageCircle',
  'Clock',
  'Search',
  'Filter',
  'TrendingUp',
  'User',
] as const;

export const forumCategorySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  icon: z.enum(FORUM_ICONS),
});
export type ForumCategory = z.infer<typeof forumCategorySchema>;
export const forumCategoriesResponseSchema = z.object({ categories: z.array(forumCategorySchema) });

/** Who wrote a post or reply, as the spec's display rules resolve it (spec 002 §6). */
export const forumAuthorSchema = z.object({
  name: z.string(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  isVerified: z.boolean(),
});
export type ForumAuthor = z.infer<typeof forumAuthorSchema>;

export const VOTES = ['up', 'down'] as const;
export type Vote = (typeof VOTES)[number];

const postFields = {
  id: z.uuid(),
  title: z.string(),
  category: z.object({ id: z.uuid(), name: z.string(), color: z.string() }),
  /** Null on an anonymous post, for every viewer (product-decisions.md, Data). */
  author: forumAuthorSchema.nullable(),
  isAnonymous: z.boolean(),
  /** True only on the viewer's own non-anonymous posts. */
  isMine: z.boolean(),
  isPinned: z.boolean(),
  isLocked: z.boolean(),
  viewCount: z.number().int().min(0),
  replyCount: z.number().int().min(0),
  upvotes: z.number().int().min(0),
  downvotes: z.number().int().min(0),
  userVote: z.enum(VOTES).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  lastReplyAt: z.iso.datetime({ offset: true }),
};

/** A post in the list: the first characters of its content only (spec 002 §9: 150). */
export const forumPostSummarySchema = z.object({ ...postFields, preview: z.string() });
export type ForumPostSummary = z.infer<typeof forumPostSummarySchema>;
export const forumPostListSchema = z.object({ posts: z.array(forumPostSummarySchema) });

export const forumPostSchema = z.object({ ...postFields, content: z.string() });
export type ForumPost = z.infer<typeof forumPostSchema>;
export const forumPostResponseSchema = z.object({ post: forumPostSchema });
/** The post screen also learns whether the viewer moderates (admins pin, lock, star, delete). */
export const forumPostViewSchema = z.object({
  post: forumPostSchema,
  viewer: z.object({ isAdmin: z.boolean() }),
});
export type ForumPostView = z.infer<typeof forumPostViewSchema>;

export const forumReplySchema = z.object({
  id: z.uuid(),
  postId: z.uuid(),
  parentReplyId: z.uuid().nullable(),
  content: z.string(),
  author: forumAuthorSchema.nullable(),
  isAnonymous: z.boolean(),
  isMine: z.boolean(),
  isStarred: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ForumReply = z.infer<typeof forumReplySchema>;
export const forumRepliesResponseSchema = z.object({ replies: z.array(forumReplySchema) });
export const forumReplyResponseSchema = z.object({ reply: forumReplySchema });

export const forumPostListQuerySchema = z.object({
  categoryId: z.uuid().optional(),
  search: z.string().trim().max(FORUM_LIMITS.searchMaxChars).optional(),
  sort: z.enum(FORUM_SORTS).default('latest'),
});
export type ForumPostListQuery = z.input<typeof forumPostListQuerySchema>;

/** Spec 002 §5 Forum: all fields required ('Please fill in all fields'), title and content trimmed. */
export const createForumPostSchema = z.object({
  categoryId: z.uuid({ error: FORUM_MESSAGES.fillAllFields }),
  title: z
    .string({ error: FORUM_MESSAGES.fillAllFields })
    .trim()
    .min(1, FORUM_MESSAGES.fillAllFields)
    .max(FORUM_LIMITS.titleMaxChars, FORUM_MESSAGES.titleTooLong),
  content: z
    .string({ error: FORUM_MESSAGES.fillAllFields })
    .trim()
    .min(1, FORUM_MESSAGES.fillAllFields)
    .max(FORUM_LIMITS.postMaxChars, FORUM_MESSAGES.postTooLong),
  isAnonymous: z.boolean().default(false),
});
export type CreateForumPost = z.input<typeof createForumPostSchema>;

/** Spec 002 §5 Forum: an empty or blank reply is 'Please enter a reply'; content trimmed. */
export const createForumReplySchema = z.object({
  content: z
    .string({ error: FORUM_MESSAGES.enterReply })
    .trim()
    .min(1, FORUM_MESSAGES.enterReply)
    .max(FORUM_LIMITS.replyMaxChars, FORUM_MESSAGES.replyTooLong),
  parentReplyId: z.uuid().nullable().default(null),
  isAnonymous: z.boolean().default(false),
});
export type CreateForumReply = z.input<typeof createForumReplySchema>;

export const forumVoteRequestSchema = z.object({ vote: z.enum(VOTES) });
export const forumVoteResponseSchema = z.object({
  upvotes: z.number().int().min(0),
  downvotes: z.number().int().min(0),
  userVote: z.enum(VOTES).nullable(),
});
export type ForumVoteState = z.infer<typeof forumVoteResponseSchema>;

/** Admin moderation of a post (spec 002 §6: pinned and locked). */
export const moderatePostSchema = z
  .object({ isPinned: z.boolean().optional(), isLocked: z.boolean().optional() })
  .refine((value) => value.isPinned !== undefined || value.isLocked !== undefined, {
    message: 'Nothing to change',
  });
export const starReplySchema = z.object({ isStarred: z.boolean() });

export const forumViewResponseSchema = z.object({ viewCount: z.number().int().min(0) });

export const forumPostParamsSchema = z.object({ postId: z.uuid({ error: FORUM_MESSAGES.invalidPostId }) });
export const forumReplyParamsSchema = z.object({ replyId: z.uuid() });
