import { cn } from '../../components/ui/cn';

const BAR_COUNT = 48;

// Heights and delays come from fixed sine waves, not Math.random: the same on every render, and
// irregular enough to read as music.
const BARS = Array.from({ length: BAR_COUNT }, (_, i) => ({
  height: 28 + Math.round(62 * Math.abs(Math.sin(i * 0.55) * Math.cos(i * 0.21))),
  delay: -((i * 137) % 1400),
}));

/** A row of softly moving level bars: the landing page's backdrop. Decorative only. */
export function Equaliser({ className }: { className?: string }) {
  return (
    <div aria-hidden="true" className={cn('flex items-end justify-center gap-[0.35rem]', className)}>
      {BARS.map((bar, index) => (
        <span
          key={index}
          className="w-1.5 shrink-0 origin-bottom animate-equalise rounded-full bg-gradient-to-t from-primary/70 to-primary/5 sm:w-2"
          style={{ height: `${bar.height}%`, animationDelay: `${bar.delay}ms` }}
        />
      ))}
    </div>
  );
}
