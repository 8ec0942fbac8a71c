/** Images in web/public that screens across the app show (spec 002 §4 preloads both when idle). */
export const BRAND_ASSETS = {
  logo: '/logo.svg',
  verifiedBadge: '/verified-badge.svg',
} as const;
