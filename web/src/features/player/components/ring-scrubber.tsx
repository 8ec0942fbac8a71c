import { useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { RingVisualiser } from './ring-visualiser';

/** Spec 001 §9: the scrubber ring's radius. */
const RADIUS = 120;
const STROKE = 8;
/** Room round the ring for the handle and its touch target. */
const MARGIN = 16;
const SIZE = (RADIUS + MARGIN) * 2;
const CENTRE = SIZE / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
const KEY_STEP_SECONDS = 5;
/** The handle's touch target: 48 px across at the ring's usual size. */
const HANDLE_HIT_RADIUS = 24;
/** The visualiser's canvas reaches this share of the ring's box further out on every side. */
const VISUALISER_BLEED = 0.2;

interface RingScrubberProps {
  currentTime: number;
  duration: number;
  isPlaying: boolean;
  onSeek: (seconds: number) => void;
  children?: ReactNode;
}

function formatTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The CSS marker the swipe gesture leaves alone: a drag that starts here seeks. */
export const SEEK_HANDLE_ATTRIBUTE = 'data-seek-handle';

/**
 * The ring-shaped progress scrubber (spec 001 §2 /player), clockwise from twelve o'clock, with
 * the music's spectrum round it. Only a drag of its handle seeks: a swipe across the ring moves
 * the card (issue 17). It is a real slider for keyboards and screen readers.
 */
export function RingScrubber({ currentTime, duration, isPlaying, onSeek, children }: RingScrubberProps) {
  const ref = useRef<SVGSVGElement>(null);
  const dragging = useRef(false);
  const progress = duration > 0 ? Math.min(1, currentTime / duration) : 0;
  const angle = progress * 2 * Math.PI;
  const handle = { x: CENTRE + RADIUS * Math.sin(angle), y: CENTRE - RADIUS * Math.cos(angle) };

  function seekToPointer(event: PointerEvent<SVGElement>) {
    const box = ref.current?.getBoundingClientRect();
    if (!box || duration <= 0) return;
    const x = event.clientX - (box.left + box.width / 2);
    const y = event.clientY - (box.top + box.height / 2);
    const turn = (Math.atan2(x, -y) + 2 * Math.PI) % (2 * Math.PI);
    onSeek((turn / (2 * Math.PI)) * duration);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = {
      ArrowUp: KEY_STEP_SECONDS,
      ArrowDown: -KEY_STEP_SECONDS,
      PageUp: 30,
      PageDown: -30,
    }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      event.stopPropagation();
      onSeek(Math.min(duration, Math.max(0, currentTime + step)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      onSeek(event.key === 'Home' ? 0 : duration);
    }
  }

  const timeText = `${formatTime(currentTime)} of ${formatTime(duration)}`;
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label="Playback position"
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(currentTime)}
      aria-valuetext={timeText}
      onKeyDown={onKeyDown}
      className="relative grid size-[min(74vw,300px)] place-items-center rounded-full outline-offset-8 select-none focus-visible:outline-2 focus-visible:outline-accent lg:size-[340px]"
    >
      <div className="pointer-events-none absolute" style={{ inset: `-${String(VISUALISER_BLEED * 100)}%` }}>
        <RingVisualiser
          isPlaying={isPlaying}
          innerRadius={RADIUS / (RADIUS + MARGIN) / (1 + 2 * VISUALISER_BLEED)}
        />
      </div>
      <div
        className="pointer-events-none absolute grid place-items-center overflow-hidden rounded-full"
        style={{ inset: `${String(((MARGIN + STROKE) / SIZE) * 100)}%` }}
      >
        {children}
      </div>
      <svg
        ref={ref}
        viewBox={`0 0 ${String(SIZE)} ${String(SIZE)}`}
        className="pointer-events-none absolute inset-0 size-full touch-none overflow-visible"
        aria-hidden="true"
      >
        <circle cx={CENTRE} cy={CENTRE} r={RADIUS} fill="none" strokeWidth={STROKE} className="stroke-line" />
        <circle
          cx={CENTRE}
          cy={CENTRE}
          r={RADIUS}
          fill="none"
          strokeWidth={STROKE}
          strokeLinecap="round"
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
          transform={`rotate(-90 ${String(CENTRE)} ${String(CENTRE)})`}
          className="stroke-primary"
        />
        <g
          {...{ [SEEK_HANDLE_ATTRIBUTE]: '' }}
          className="pointer-events-auto cursor-grab touch-none active:cursor-grabbing"
          onPointerDown={(event) => {
            event.stopPropagation();
            dragging.current = true;
            event.currentTarget.setPointerCapture(event.pointerId);
          }}
          onPointerMove={(event) => {
            if (dragging.current) seekToPointer(event);
          }}
          onPointerUp={(event) => {
            if (dragging.current) seekToPointer(event);
            dragging.current = false;
          }}
          onPointerCancel={() => {
            dragging.current = false;
          }}
        >
          <circle cx={handle.x} cy={handle.y} r={HANDLE_HIT_RADIUS} fill="transparent" />
          <circle cx={handle.x} cy={handle.y} r={11} className="fill-primary stroke-bg" strokeWidth={4} />
        </g>
      </svg>
      <span className="sr-only">{timeText}</span>
    </div>
  );
}

export { formatTime };
