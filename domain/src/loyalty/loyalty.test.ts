import { describe, expect, it } from 'vitest';
import { describeLoyaltyTier, loyaltyProgress } from './loyalty';

describe('loyalty card arithmetic', () => {
  it('measures progress between the tier threshold and the next, clamped', () => {
    expect(loyaltyProgress('Red', 0)).toBe(0);
    expect(loyaltyProgress('Red', 2500)).toBe(50);
    expect(loyaltyProgress('Purple', 22_500)).toBe(50);
    expect(loyaltyProgress('Silver', 70_000)).toBe(50);
    expect(loyaltyProgress('Gold', 175_000)).toBe(50);
    // A stored tier behind its points (written before a change) still reads 0..100.
    expect(loyaltyProgress('Red', 9_000)).toBe(100);
    expect(loyaltyProgress('Purple', 10)).toBe(0);
  });

  it('has no next level for Black or a tier it does not know', () => {
    expect(loyaltyProgress('Black', 300_000)).toBeNull();
    expect(loyaltyProgress('Bronze', 0)).toBeNull();
    expect(describeLoyaltyTier('Bronze')).toMatchObject({ tier: 'Red', label: 'Community' });
    expect(describeLoyaltyTier('gold')).toMatchObject({ tier: 'Gold', label: 'VIP' });
  });
});
