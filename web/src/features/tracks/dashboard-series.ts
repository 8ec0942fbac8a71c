import type { DashboardStats } from '@klang/domain';

export type DayPoint = { day: string; plays: number; likes: number };

/**
 * One point per UTC day over the last `days` days, ending today, for one track or all of them;
 * days without events are zero, so the line shows quiet days instead of skipping them.
 */
export function buildDailySeries(
  daily: DashboardStats['daily'],
  trackId: string | null,
  days = 30,
  today = new Date(),
): DayPoint[] {
  const points: DayPoint[] = [];
  const byDay = new Map<string, DayPoint>();
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  for (let i = days - 1; i >= 0; i--) {
    const day = new Date(end - i * 86_400_000).toISOString().slice(0, 10);
    const point = { day, plays: 0, likes: 0 };
    points.push(point);
    byDay.set(day, point);
  }
  for (const row of daily) {
    if (trackId !== null && row.trackId !== trackId) continue;
    const point = byDay.get(row.day);
    if (!point) continue;
    point.plays += row.plays;
    point.likes += row.likes;
  }
  return points;
}
