/**
 * Loyalty tiers and K-Points (spec 001 §4, spec 000 §1, product-decisions.md Loyalty).
 * The stored tier of a new row is 'Bronze', which the card reads as Red / Community.
 */
export const LOYALTY_TIERS = [
  { tier: 'Red', label: 'Community', from: 0, color: '#FF383A' },
  { tier: 'Purple', label: 'Pro', from: 5_000, color: '#8B5CF6' },
  { tier: 'Silver', label: 'Elite', from: 40_000, color: '#C0C0C0' },
  { tier: 'Gold', label: 'VIP', from: 100_000, color: '#FFD700' },
  { tier: 'Black', label: 'Black', from: 250_000, color: '#000000' },
] as const;

export type LoyaltyTier = (typeof LOYALTY_TIERS)[number]['tier'];
export const STORED_LOYALTY_TIERS = ['Bronze', ...LOYALTY_TIERS.map((t) => t.tier)] as const;
export type StoredLoyaltyTier = (typeof STORED_LOYALTY_TIERS)[number];
export const INITIAL_LOYALTY_TIER: StoredLoyaltyTier = 'Bronze';

export const POINTS = {
  swipe: 1,
  like: 5,
  library: 5,
  listeningMinute: 60,
  dailyLogin: 25,
} as const;

/** The tier a points total earns; the server stores it on every change. */
export function loyaltyTierFor(totalPoints: number): LoyaltyTier {
  let reached: LoyaltyTier = 'Red';
  for (const t of LOYALTY_TIERS) if (totalPoints >= t.from) reached = t.tier;
  return reached;
}

/** How the card reads a stored tier: an unknown value falls back to Red / Community. */
export function describeLoyaltyTier(stored: string) {
  return LOYALTY_TIERS.find((t) => t.tier.toLowerCase() === stored.toLowerCase()) ?? LOYALTY_TIERS[0];
}

/**
 * The card's progress bar (spec 001 §4): the percentage between the stored tier's threshold and
 * the next one, clamped 0 to 100; null (shown as 'Maximum Level Reached!') for Black or a tier
 * the card does not know.
 */
export function loyaltyProgress(stored: string, totalPoints: number): number | null {
  const index = LOYALTY_TIERS.findIndex((t) => t.tier.toLowerCase() === stored.toLowerCase());
  const current = LOYALTY_TIERS[index];
  const next = LOYALTY_TIERS[index + 1];
  if (!current || !next) return null;
  const percent = ((totalPoints - current.from) / (next.from - current.from)) * 100;
  return Math.min(100, Math.max(0, percent));
}
