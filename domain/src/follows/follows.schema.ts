import { z } from 'zod';

// Following an artist (spec 001 §4): the artist named in the path and the state each change
// answers. The list of followed artists is a masked catalogue read (`catalogue.schema.ts`).

export const followStateSchema = z.object({ isFollowing: z.boolean(), followers: z.number().int().min(0) });
export type FollowState = z.infer<typeof followStateSchema>;

export const FOLLOW_MESSAGES = {
  cannotFollowYourself: 'You cannot follow yourself',
  artistNotFound: 'Artist not found',
  /** Said once a follow is made: what following means (decision 0306). */
  following: (artistName: string) => `Following ${artistName}`,
  firstDeal: 'Their next new track comes to you first, still blind.',
} as const;

/**
 * Follow means first deal (issue 32 item 5, decision 0306): a followed artist's track that enters
 * the deck is dealt first, still blind, to the listeners who followed before it did.
 */
export const FOLLOW_RULES = {
  /** A delivery waits this long to be dealt; after it the track is no longer new. */
  deliveryLifetimeDays: 7,
  /** An artist's releases within a week that are delivered; a third is left to the deck. */
  releasesPerArtistPerWeek: 2,
  /** The digest email goes once a week at most. */
  digestEveryDays: 7,
  /** The digest counts only deliveries that have waited this long: an active listener got them. */
  digestAfterHours: 24,
  /** "Followers who heard it in its first day" shows nothing below this many. */
  firstDayFloor: 5,
} as const;

/** The digest email's words: a count, never a title or an artist. */
export const FOLLOW_DIGEST_TEXT = {
  subject: (count: number) =>
    count === 1
      ? 'A new blind track from an artist you follow'
      : `${String(count)} new blind tracks from artists you follow`,
  body: (count: number) =>
    count === 1
      ? 'A new blind track from an artist you follow is waiting in your deck.'
      : `${String(count)} new blind tracks from artists you follow are waiting in your deck.`,
  reveal: 'Like it to find out who made it.',
  cadence: 'You get this email once a week at most, and only when something is waiting.',
} as const;
