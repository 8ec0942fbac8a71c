import { cn } from '../../../components/ui/cn';

/**
 * The progress to the next tier (spec 001 §4 Loyalty: the percentage between the current tier's
 * threshold and the next, clamped 0 to 100), for the profile's summary and the loyalty card.
 */
export function TierProgressBar({
  progress,
  nextLabel,
  trackClassName,
  fillClassName,
}: {
  progress: number;
  nextLabel: string | undefined;
  trackClassName: string;
  fillClassName: string;
}) {
  return (
    <div
      role="progressbar"
      aria-label={`Progress to ${nextLabel ?? 'the next tier'}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      className={cn('h-2 overflow-hidden rounded-full', trackClassName)}
    >
      <div className={cn('h-full rounded-full', fillClassName)} style={{ width: `${progress}%` }} />
    </div>
  );
}
