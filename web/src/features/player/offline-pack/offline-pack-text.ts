import { formatLocalLongDate } from '../../../lib/format-date';

/**
 * The offline pack's own words on screen (issue 32 item 3), beside OFFLINE_PACK_MESSAGES in the
 * domain: these are the web app's alone, until the spec words them.
 */
export const OFFLINE_PACK_TEXT = {
  title: 'Offline pack',
  explanation:
    "Save blind tracks on this device and discover with no network. Likes and skips are sent when you're back online, and so are the reveals.",
  sizeLegend: 'Tracks to save',
  wifiOnly: 'Wi-Fi only',
  save: 'Save pack',
  replace: 'Replace pack',
  playingOffline: "You're offline: playing your offline pack",
  tryAgain: 'Try again',
  saving: (saved: number, total: number) => `Saving ${String(saved)} of ${String(total)}…`,
  saved: (count: number, toPlay: number, expiresAt: string) =>
    `${String(count)} ${count === 1 ? 'track' : 'tracks'} saved · ${String(toPlay)} to play · kept until ${formatLocalLongDate(new Date(expiresAt))}`,
  backOnline: (liked: number) =>
    `Back online: you liked ${String(liked)} ${liked === 1 ? 'track' : 'tracks'} offline`,
} as const;
