import { Disc3, Radar, Shuffle, SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogTrigger } from '../../../components/ui/dialog';
import { countFilters, describeFilters, NO_FILTERS, type DigFilters } from '../dig-filters';

// Its own chunk: the form library comes with the filters, not with every visit to Discover.
const DigDialog = lazy(() => import('./dig-dialog').then((module) => ({ default: module.DigDialog })));

type DigBarProps = {
  filters: DigFilters;
  isMixing: boolean;
  onDig: (filters: DigFilters, isMixing: boolean) => void;
  /** "Surprise me" (decision 0285): the session's deals mostly at random, not by taste. */
  isSurprising: boolean;
  onSurprise: (isSurprising: boolean) => void;
  /** The deck deals by what it has learned of the listener's taste. */
  isTuned: boolean;
  /** More of Discover's controls in the same row (the offline pack's). */
  children?: ReactNode;
};

/**
 * Discover's blind digging (issue 28, decision 0266): a Filters button opening tempo, key, energy
 * and genre, the filters in force in words, and mix mode. Nothing here names a track: the filters
 * go to the deck, which deals a matching blind track or says none is left.
 */
export function DigBar({
  filters,
  isMixing,
  onDig,
  isSurprising,
  onSurprise,
  isTuned,
  children,
}: DigBarProps) {
  const [isOpen, setOpen] = useState(false);
  const count = countFilters(filters);
  return (
    <div className="flex w-full max-w-md flex-wrap items-center justify-center gap-2">
      <Dialog open={isOpen} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="secondary" size="sm">
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Filters
            {count > 0 && (
              <span className="grid size-5 place-items-center rounded-full bg-primary text-xs font-bold text-on-primary">
                {count}
                <span className="sr-only"> on</span>
              </span>
            )}
          </Button>
        </DialogTrigger>
        {isOpen && (
          <Suspense fallback={null}>
            <DigDialog
              filters={filters}
              onApply={(next) => {
                setOpen(false);
                onDig(next, isMixing);
              }}
            />
          </Suspense>
        )}
      </Dialog>
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={isMixing}
        className={cn(isMixing && 'border-primary/70 text-fg')}
        onClick={() => {
          onDig(filters, !isMixing);
        }}
      >
        <Disc3 aria-hidden="true" className={cn('size-4', isMixing && 'text-accent')} />
        Mix mode
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={isSurprising}
        className={cn(isSurprising && 'border-primary/70 text-fg')}
        onClick={() => {
          onSurprise(!isSurprising);
        }}
      >
        <Shuffle aria-hidden="true" className={cn('size-4', isSurprising && 'text-accent')} />
        Surprise me
      </Button>
      {children}
      {isTuned && !isSurprising && (
        <p className="flex w-full items-center justify-center gap-1.5 text-xs text-muted">
          <Radar aria-hidden="true" className="size-3.5 text-accent" />
          Tuned to you by your blind verdicts
        </p>
      )}
      {count > 0 && (
        <p className="flex w-full items-center justify-center gap-1.5 text-sm text-muted">
          <span className="min-w-0 truncate">Digging {describeFilters(filters)}</span>
          <button
            type="button"
            className="grid size-7 shrink-0 place-items-center rounded-full hover:bg-field"
            aria-label="Clear the filters"
            onClick={() => {
              onDig(NO_FILTERS, isMixing);
            }}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </p>
      )}
    </div>
  );
}
