import { z } from 'zod';

// Following an artist (spec 001 §4): the artist named in the path and the state each change
// answers. The list of followed artists is a masked catalogue read (`catalogue.schema.ts`).

export const followStateSchema = z.object({ isFollowing: z.boolean(), followers: z.number().int().min(0) });
export type FollowState = z.infer<typeof followStateSchema>;

export const FOLLOW_MESSAGES = {
  cannotFollowYourself: 'You cannot follow yourself',
  artistNotFound: 'Artist not found',
} as const;
