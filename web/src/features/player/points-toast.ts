import { toast, dismissToast } from '../../components/ui/toast';

/** Points earned within this long of the last toast add up in one toast instead of stacking. */
const GATHER_MS = 2_500;

let last: { id: number; points: number; at: number } | null = null;

/** "+1 K-Point", "+60 K-Points": the wording of every points notice. */
export function formatPoints(points: number): string {
  return `+${points.toLocaleString('en')} K-${points === 1 ? 'Point' : 'Points'}`;
}

/**
 * Tells the listener what the server just awarded (issue 17: a library add and listening
 * credits; a skip's point shows beside the Skip button instead, and a like's on its reveal card).
 * Nothing shows for 0. Quick awards gather into one toast that counts up, not a pile of them.
 */
export function showPointsToast(points: number, description?: string): void {
  if (points <= 0) return;
  const now = Date.now();
  const total = last && now - last.at < GATHER_MS ? last.points + points : points;
  if (last) dismissToast(last.id);
  const id = toast({ title: formatPoints(total), description, tone: 'success' });
  last = { id, points: total, at: now };
}
