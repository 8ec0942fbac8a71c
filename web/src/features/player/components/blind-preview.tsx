import { BLIND_SHARE_MESSAGES } from '@klang/domain';
import { Pause, Play, RotateCcw } from 'lucide-react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { formatDuration } from '../../../lib/format-duration';
import { useBlindPreview } from '../hooks/use-blind-preview';

/**
 * A share link's 30-second blind preview (decision 0308), for a visitor who is not signed in and
 * for the embedded player: one round button, the time, and nothing that names the track. When it
 * ends, it says what comes next (`endedText`).
 */
export function BlindPreview({
  token,
  className,
  endedText = BLIND_SHARE_MESSAGES.previewEnded,
}: {
  token: string;
  className?: string;
  /** What the end says comes next: signing up on the site, the link out in a frame. */
  endedText?: string;
}) {
  const preview = useBlindPreview(token);
  const { state, elapsedMs, lengthMs } = preview;
  const isPlaying = state === 'playing';
  const label = isPlaying
    ? BLIND_SHARE_MESSAGES.previewPause
    : state === 'paused'
      ? BLIND_SHARE_MESSAGES.previewResume
      : BLIND_SHARE_MESSAGES.previewPlay;
  const progress = lengthMs ? Math.min(100, (elapsedMs / lengthMs) * 100) : 0;
  const hasStarted = state !== 'idle' || lengthMs !== null;

  return (
    <section
      aria-label={BLIND_SHARE_MESSAGES.previewLabel}
      className={cn('flex w-full flex-col items-center gap-3', className)}
    >
      <div className="flex w-full items-center gap-4 rounded-full border border-line bg-surface p-2 pr-5 shadow-lg">
        <Button
          size="icon"
          className="size-14"
          aria-label={label}
          isLoading={state === 'loading'}
          onClick={() => {
            if (isPlaying) preview.pause();
            else void preview.play();
          }}
        >
          {isPlaying ? (
            <Pause aria-hidden="true" className="size-6 fill-current" />
          ) : state === 'ended' ? (
            <RotateCcw aria-hidden="true" className="size-6" />
          ) : (
            <Play aria-hidden="true" className="ml-0.5 size-6 fill-current" />
          )}
        </Button>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 text-left">
          <span className="truncate text-sm font-semibold text-fg">
            {hasStarted ? BLIND_SHARE_MESSAGES.previewLabel : BLIND_SHARE_MESSAGES.previewPlay}
          </span>
          <div
            role="progressbar"
            aria-label={BLIND_SHARE_MESSAGES.previewLabel}
            aria-valuemin={0}
            aria-valuemax={Math.round((lengthMs ?? 0) / 1000)}
            aria-valuenow={Math.floor(elapsedMs / 1000)}
            className="h-1.5 overflow-hidden rounded-full bg-field"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width] duration-200"
              style={{ width: `${String(progress)}%` }}
            />
          </div>
        </div>
        {lengthMs !== null && (
          <span className="text-xs text-muted tabular-nums">
            {formatDuration(elapsedMs / 1000)} / {formatDuration(lengthMs / 1000)}
          </span>
        )}
      </div>
      {state === 'ended' && <p className="max-w-prose text-sm text-muted">{endedText}</p>}
      {preview.error && <Banner tone="error">{preview.error}</Banner>}
    </section>
  );
}
