/** Images in web/public that screens across the app show (spec 002 §4 preloads both when idle). */
export const BRAND_ASSETS = {
  logo: '/logo.svg',
  verifiedBadge: '/verified-badge.svg',
  /** The brand mark as PNGs, written by the build (vite.config.ts): the lock screen's generic art. */
  markPng: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
  ],
} as const;
