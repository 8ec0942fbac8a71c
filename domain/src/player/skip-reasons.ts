/**
 * The six reasons of a Blind Note (decision 0302), apart from the rest of Blind Notes: hook
 * analytics' schema needs them, and the public pages load that schema, so this file imports
 * nothing (the player's schemas would cost the landing page's JavaScript budget 3.8 KiB).
 */
export const SKIP_REASONS = [
  'intro-too-long',
  'not-my-style',
  'mix-or-sound',
  'vocals',
  'too-slow',
  'too-fast',
] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];
