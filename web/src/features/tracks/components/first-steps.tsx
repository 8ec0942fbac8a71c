import type { ArtistTrack } from '@klang/domain';
import type { ReactNode } from 'react';
import { Check, Sparkles, Upload } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';

type FirstStepsProps = {
  tracks: readonly ArtistTrack[];
  onUpload: () => void;
  onFeature: (track: ArtistTrack) => void;
  isFeaturing: boolean;
};

/**
 * A new artist's first screen: upload a first track, then feature it so Discover deals it. It
 * reads only the server's track list, so it shows until a track is featured, on any device.
 */
export function FirstSteps({ tracks, onUpload, onFeature, isFeaturing }: FirstStepsProps) {
  const hasUpload = tracks.length > 0;
  const hasFeatured = tracks.some((track) => track.featured);
  if (hasFeatured) return null;
  const ready = tracks.find((track) => track.status === 'ready');
  const isProcessing = hasUpload && !ready && tracks.some((track) => track.status === 'processing');

  return (
    <section
      aria-labelledby="first-steps-title"
      className="relative isolate overflow-hidden rounded-3xl border border-primary/40 bg-surface p-5 sm:p-6"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(80%_120%_at_100%_0%,var(--color-glow),transparent)]"
      />
      <h2 id="first-steps-title" className="text-xl font-bold tracking-tight text-fg">
        {hasUpload ? 'Now put it in front of listeners' : 'Start with your music'}
      </h2>
      <p className="mt-1 max-w-prose text-[0.9375rem] text-muted">
        Listeners hear featured tracks blind in Discover. Every like reveals you and moves you up the chart.
      </p>
      <ol className="mt-5 flex flex-col gap-3">
        <Step
          number={1}
          isDone={hasUpload}
          title="Upload your first track"
          detail="MP3, WAV, M4A or MP4 up to 75MB, with a cover if you have one."
          action={
            !hasUpload && (
              <Button onClick={onUpload}>
                <Upload aria-hidden="true" className="size-4" />
                Upload your first track
              </Button>
            )
          }
        />
        <Step
          number={2}
          isDone={false}
          title="Feature it in the player"
          detail={
            isProcessing
              ? 'Your track is being processed; you can feature it in a moment.'
              : 'A featured track is dealt to listeners in Discover.'
          }
          action={
            ready && (
              <Button
                isLoading={isFeaturing}
                onClick={() => {
                  onFeature(ready);
                }}
              >
                <Sparkles aria-hidden="true" className="size-4" />
                Feature it now
              </Button>
            )
          }
        />
      </ol>
    </section>
  );
}

function Step({
  number,
  isDone,
  title,
  detail,
  action,
}: {
  number: number;
  isDone: boolean;
  title: string;
  detail: string;
  action: ReactNode;
}) {
  return (
    <li className="flex flex-wrap items-center gap-3 rounded-2xl bg-field/60 p-4">
      <span
        className={cn(
          'grid size-8 shrink-0 place-items-center rounded-full text-sm font-bold',
          isDone ? 'bg-success text-ink' : 'border border-line bg-surface text-fg',
        )}
      >
        {isDone ? <Check aria-hidden="true" className="size-4" /> : number}
        {isDone && <span className="sr-only">Done:</span>}
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className={cn('font-semibold', isDone ? 'text-muted line-through' : 'text-fg')}>{title}</p>
        <p className="text-sm text-muted">{detail}</p>
      </div>
      {action && <div className="w-full sm:w-auto [&>*]:w-full sm:[&>*]:w-auto">{action}</div>}
    </li>
  );
}
