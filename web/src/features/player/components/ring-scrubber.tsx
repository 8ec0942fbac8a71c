import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

/** Spec 001 §9: the scrubber ring's radius. */
const RADIUS = 120;
const STROKE = 10;
const SIZE = (RADIUS + STROKE) * 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const KEY_STEP_SECONDS = 5;

interface RingScrubberProps {
  currentTime: number;
  duration: number;
  onSeek: (seconds: number) => void;
  children?: ReactNode;
}

function formatTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The ring-shaped progress scrubber (spec 001 §2 /player): drag or tap anywhere on the ring to
 * seek, clockwise from twelve o'clock. It is a real slider for keyboards and screen readers.
 */
export function RingScrubber({ currentTime, duration, onSeek, children }: RingScrubberProps) {
  const ref = useRef<SVGSVGElement>(null);
  const dragging = useRef(false);
  const progress = duration > 0 ? Math.min(1, currentTime / duration) : 0;

  function seekToPointer(event: PointerEvent<SVGSVGElement>) {
    const box = ref.current?.getBoundingClientRect();
    if (!box || duration <= 0) return;
    const x = event.clientX - (box.left + box.width / 2);
    const y = event.clientY - (box.top + box.height / 2);
    const angle = (Math.atan2(x, -y) + 2 * Math.PI) % (2 * Math.PI);
    onSeek((angle / (2 * Math.PI)) * duration);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = { ArrowUp: KEY_STEP_SECONDS, ArrowDown: -KEY_STEP_SECONDS, PageUp: 30, PageDown: -30 }[
      event.key
    ];
    if (step !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      onSeek(Math.min(duration, Math.max(0, currentTime + step)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onSeek(event.key === 'Home' ? 0 : duration);
    }
  }

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label="Playback position"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={`${formatTime(currentTime)} of ${formatTime(duration)}`}
      onKeyDown={onKeyDown}
      className="relative grid size-[260px] touch-none place-items-center rounded-full outline-offset-4 select-none focus-visible:outline-2 focus-visible:outline-accent"
    >
      <svg
        ref={ref}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        className="absolute inset-0 size-full cursor-pointer"
        aria-hidden="true"
        onPointerDown={(event) => {
          dragging.current = true;
          event.currentTarget.setPointerCapture(event.pointerId);
          seekToPointer(event);
        }}
        onPointerMove={(event) => {
          if (dragging.current) seekToPointer(event);
        }}
        onPointerUp={() => {
          dragging.current = false;
        }}
        onPointerCancel={() => {
          dragging.current = false;
        }}
      >
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          className="stroke-line"
        />
        <circle
          cx={SIZE / 2}
          cy={SIZE / 2}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
          transform={`rotate(-90 ${SIZE / 2} ${SIZE / 2})`}
          className="stroke-primary transition-[stroke-dashoffset] duration-200 motion-reduce:transition-none"
        />
      </svg>
      <div className="pointer-events-none relative flex flex-col items-center gap-1 text-center">
        {children}
      </div>
      <span className="sr-only">{`${formatTime(currentTime)} of ${formatTime(duration)}`}</span>
    </div>
  );
}

export { formatTime };
