import { formatLocalLongDate } from '../../lib/format-date';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec 002 §9: under 60 s 'Just now', under an hour 'Nm ago', under a day 'Nh ago', under a week
 * 'Nd ago', otherwise the local date, written as the rest of the app writes dates ('3 March 2026').
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const at = new Date(iso);
  const elapsed = Math.max(0, now - at.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return formatLocalLongDate(at);
}
