/** Artist subscription tiers (spec 000 §6, spec 001 §6). */
export const SUBSCRIPTION_TIERS = ['free', 'trial', 'pro'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];
export const DEFAULT_SUBSCRIPTION_TIER: SubscriptionTier = 'free';

export const TIER_LIMITS = {
  free: { uploads: 5, featured: 1, kit: false },
  trial: { uploads: Number.POSITIVE_INFINITY, featured: 3, kit: true },
  pro: { uploads: Number.POSITIVE_INFINITY, featured: 3, kit: true },
} as const satisfies Record<SubscriptionTier, { uploads: number; featured: number; kit: boolean }>;

export const PRO_PLAN = {
  name: 'Artist Subscription',
  productId: 'artist_subscription',
  priceId: 'price_klang_artist_pro_monthly',
  mode: 'subscription',
  currency: 'gbp',
  amountMinor: 1099,
  priceLabel: '£10.99',
  interval: 'month',
  offerTrialDays: 30,
} as const;

/** The in-app trial given at signup after a successful checkout (product-decisions.md). */
export const SIGNUP_TRIAL_DAYS = 14;

export const USER_ROLES = ['artist', 'listener'] as const;
export type UserRole = (typeof USER_ROLES)[number];
