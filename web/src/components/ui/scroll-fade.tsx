import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * A row that scrolls sideways and shows it: the edge with more content fades out and carries an
 * arrow that scrolls by most of a view. Keyboard users move with the row's own keys (a tab list's
 * arrows), so the arrows are for pointers only and stay out of the tab order.
 */
export function ScrollFade({ children, className }: { children: ReactNode; className?: string }) {
  const scroller = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ start: false, end: false });

  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const max = element.scrollWidth - element.clientWidth;
    setEdges({ start: element.scrollLeft > 1, end: element.scrollLeft < max - 1 });
  }, []);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of Array.from(element.children)) observer.observe(child);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const element = scroller.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.7, behavior: 'smooth' });
  };

  return (
    <div className={cn('relative', className)} data-scroll-start={edges.start} data-scroll-end={edges.end}>
      <div ref={scroller} className="overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {children}
      </div>
      <Edge
        side="start"
        isShown={edges.start}
        onClick={() => {
          scrollBy(-1);
        }}
      />
      <Edge
        side="end"
        isShown={edges.end}
        onClick={() => {
          scrollBy(1);
        }}
      />
    </div>
  );
}

function Edge({ side, isShown, onClick }: { side: 'start' | 'end'; isShown: boolean; onClick: () => void }) {
  const Icon = side === 'start' ? ChevronLeft : ChevronRight;
  return (
    <div
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-16 items-center transition-opacity duration-200',
        side === 'start'
          ? 'left-0 justify-start bg-gradient-to-r from-bg via-bg/80 to-transparent'
          : 'right-0 justify-end bg-gradient-to-l from-bg via-bg/80 to-transparent',
        isShown ? 'opacity-100' : 'opacity-0',
      )}
    >
      <button
        type="button"
        tabIndex={-1}
        onClick={onClick}
        className={cn(
          'grid size-8 place-items-center rounded-full border border-line bg-surface text-fg shadow-md',
          isShown ? 'pointer-events-auto' : 'pointer-events-none',
        )}
      >
        <Icon className="size-4" />
      </button>
    </div>
  );
}
