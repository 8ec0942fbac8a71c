import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { formatDuration } from '../../../lib/format-duration';
import { decodeAudioPreview, type AudioPreview } from '../audio-preview';

type PreviewState =
  { state: 'decoding' } | { state: 'ready'; preview: AudioPreview } | { state: 'unavailable' };

/**
 * The chosen file's waveform and duration, decoded in the browser before anything is sent, so
 * the artist sees they picked the right take. A format this browser cannot decode still uploads.
 */
export function AudioFilePreview({ file }: { file: File }) {
  const [result, setResult] = useState<{ file: File; value: PreviewState } | null>(null);

  useEffect(() => {
    let isCurrent = true;
    decodeAudioPreview(file).then(
      (preview) => {
        if (isCurrent) setResult({ file, value: { state: 'ready', preview } });
      },
      () => {
        if (isCurrent) setResult({ file, value: { state: 'unavailable' } });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [file]);

  const current: PreviewState = result?.file === file ? result.value : { state: 'decoding' };

  if (current.state === 'decoding')
    return (
      <div className="flex h-16 items-center gap-2 text-sm text-muted">
        <Spinner size="sm" /> Reading the audio…
      </div>
    );
  if (current.state === 'unavailable')
    return (
      <p className="text-sm text-muted">
        This browser cannot preview the file; Klang will still decode it on upload.
      </p>
    );

  const { peaks, durationSeconds } = current.preview;
  const duration = formatDuration(durationSeconds);
  return (
    <div className="flex items-center gap-3">
      <svg
        role="img"
        aria-label={`Waveform of ${file.name}, ${duration} long`}
        viewBox={`0 0 ${peaks.length * 3} 40`}
        preserveAspectRatio="none"
        className="h-12 min-w-0 flex-1 text-primary"
      >
        {peaks.map((peak, index) => {
          const height = Math.max(1.5, peak * 38);
          return (
            <rect
              key={index}
              x={index * 3}
              y={(40 - height) / 2}
              width={2}
              height={height}
              rx={1}
              fill="currentColor"
            />
          );
        })}
      </svg>
      <span className="shrink-0 rounded-full bg-field px-2.5 py-1 text-sm font-semibold text-fg tabular-nums">
        {duration}
      </span>
    </div>
  );
}
