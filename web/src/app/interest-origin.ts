/**
 * What /account-type hands to /register-interest (spec 000 §2): where the visitor came from and
 * the 'Coming Soon' flag of the listener choice. Router state, so it never shows in the URL.
 */
export type InterestOrigin = { from?: 'account-type'; isComingSoon?: boolean };

export function readInterestOrigin(state: unknown): InterestOrigin {
  if (typeof state !== 'object' || state === null) return {};
  const record = state as Record<string, unknown>;
  return {
    ...(record.from === 'account-type' && { from: 'account-type' as const }),
    ...(record.isComingSoon === true && { isComingSoon: true }),
  };
}
