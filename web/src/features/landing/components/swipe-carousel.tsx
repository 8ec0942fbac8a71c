import { LIMITS, MOBILE_BREAKPOINT_PX } from '@klang/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { cn } from '../../../components/ui/cn';

const NARROW_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

function subscribe(onChange: () => void) {
  const list = window.matchMedia(NARROW_QUERY);
  list.addEventListener('change', onChange);
  return () => {
    list.removeEventListener('change', onChange);
  };
}

type Slide = { id: string; content: ReactNode };

/**
 * Cards side by side on wide screens; at 768 px or less a carousel that moves one card per swipe
 * of at least 50 px (spec 000 §2, §9), with buttons and dots for those who do not swipe.
 */
export function SwipeCarousel({ label, slides }: { label: string; slides: readonly Slide[] }) {
  const isNarrow = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(NARROW_QUERY).matches,
    () => false,
  );
  const [index, setIndex] = useState(0);
  const start = useRef<number | null>(null);

  if (!isNarrow) {
    return (
      <ul className="grid gap-4 md:grid-cols-3">
        {slides.map((slide) => (
          <li key={slide.id}>{slide.content}</li>
        ))}
      </ul>
    );
  }

  const go = (next: number) => {
    setIndex(Math.max(0, Math.min(slides.length - 1, next)));
  };
  return (
    <section aria-roledescription="carousel" aria-label={label} className="flex flex-col gap-4">
      <div
        className="touch-pan-y overflow-hidden"
        onPointerDown={(event) => {
          start.current = event.clientX;
        }}
        onPointerUp={(event) => {
          if (start.current === null) return;
          const distance = event.clientX - start.current;
          start.current = null;
          if (Math.abs(distance) >= LIMITS.swipeThresholdPx) go(index + (distance < 0 ? 1 : -1));
        }}
        onPointerCancel={() => {
          start.current = null;
        }}
      >
        <ul
          className="flex transition-transform duration-300 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {slides.map((slide, i) => (
            <li
              key={slide.id}
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={i !== index || undefined}
              inert={i !== index}
              className="w-full shrink-0 px-0.5"
            >
              {slide.content}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex items-center justify-center gap-3">
        <button
          type="button"
          onClick={() => {
            go(index - 1);
          }}
          disabled={index === 0}
          aria-label="Previous card"
          className="grid size-11 place-items-center rounded-full border border-line text-fg disabled:opacity-40"
        >
          <ChevronLeft aria-hidden="true" className="size-5" />
        </button>
        <div className="flex gap-2" aria-hidden="true">
          {slides.map((slide, i) => (
            <span
              key={slide.id}
              className={cn('size-2 rounded-full', i === index ? 'bg-primary' : 'bg-line')}
            />
          ))}
        </div>
        <button
          type="button"
          onClick={() => {
            go(index + 1);
          }}
          disabled={index === slides.length - 1}
          aria-label="Next card"
          className="grid size-11 place-items-center rounded-full border border-line text-fg disabled:opacity-40"
        >
          <ChevronRight aria-hidden="true" className="size-5" />
        </button>
      </div>
    </section>
  );
}
