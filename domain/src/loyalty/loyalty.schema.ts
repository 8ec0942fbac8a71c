import { z } from 'zod';

/** The loyalty card (spec 001 §2 Modals, §4 Loyalty tiers): the stored tier as the server wrote it. */
export const loyaltyCardSchema = z.object({
  tier: z.string(),
  points: z.number().int().min(0),
  memberName: z.string(),
  swipes: z.number().int().min(0),
  likes: z.number().int().min(0),
  addedToLibrary: z.number().int().min(0),
  /** Minutes; the card shows hours and minutes. */
  listeningMinutes: z.number().int().min(0),
});
export type LoyaltyCard = z.infer<typeof loyaltyCardSchema>;

export const LOYALTY_MESSAGES = {
  loadFailed: 'Unable to load loyalty card data',
  maximumLevel: 'Maximum Level Reached!',
  memberFallback: 'User',
} as const;

/** What the day's first login earned: the points, 0 when the day's award was already given. */
export const dailyLoginSchema = z.object({ xpAwarded: z.number().int() });
