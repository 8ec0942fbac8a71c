import { ENERGY_BANDS, GENRE_NAMES, type EnergyBand } from '@klang/domain';
import { Disc3, Radar, Shuffle, SlidersHorizontal, X } from 'lucide-react';
import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { checkFilters, countFilters, describeFilters, NO_FILTERS, type DigFilters } from '../dig-filters';

const ANY = 'any';
const CAMELOT_CODES = Array.from({ length: 12 }, (_, i) => [`${String(i + 1)}A`, `${String(i + 1)}B`]).flat();
const KEY_OPTIONS = [
  { value: ANY, label: 'Any key' },
  ...CAMELOT_CODES.map((code) => ({ value: code, label: `Mixes with ${code}` })),
];
const GENRE_OPTIONS = [
  { value: ANY, label: 'Any genre' },
  ...GENRE_NAMES.map((g) => ({ value: g, label: g })),
];
const ENERGY_LABELS: Record<EnergyBand, string> = { low: 'Low', mid: 'Mid', high: 'High' };

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
          <DigDialog
            filters={filters}
            onApply={(next) => {
              setOpen(false);
              onDig(next, isMixing);
            }}
          />
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

/** The filters' form: checked with the server's own schema before it leaves, kept as typed if not. */
function DigDialog({ filters, onApply }: { filters: DigFilters; onApply: (filters: DigFilters) => void }) {
  const [bpmMin, setBpmMin] = useState(filters.bpmMin?.toString() ?? '');
  const [bpmMax, setBpmMax] = useState(filters.bpmMax?.toString() ?? '');
  const [halfDouble, setHalfDouble] = useState(filters.halfDouble ?? false);
  const [key, setKey] = useState<string>(filters.key ?? ANY);
  const [energy, setEnergy] = useState<EnergyBand | null>(filters.energy ?? null);
  const [genre, setGenre] = useState<string>(filters.genre ?? ANY);
  const [error, setError] = useState<string | null>(null);

  function apply(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = checkFilters({
      ...(bpmMin.trim() && { bpmMin: Number(bpmMin) }),
      ...(bpmMax.trim() && { bpmMax: Number(bpmMax) }),
      ...((bpmMin.trim() || bpmMax.trim()) && halfDouble && { halfDouble: true }),
      ...(key !== ANY && { key }),
      ...(energy && { energy }),
      ...(genre !== ANY && { genre: genre as DigFilters['genre'] }),
    });
    if ('error' in checked) {
      setError(checked.error);
      return;
    }
    onApply(checked.filters);
  }

  return (
    <DialogContent
      title="Dig the blind deck"
      description="Only tracks that match are dealt, still blind: nothing about them shows until you like one."
      size="sm"
    >
      <form id="dig-filters" noValidate onSubmit={apply} className="flex flex-col gap-4">
        {error && <Banner tone="error">{error}</Banner>}
        <div className="grid grid-cols-2 gap-3">
          <Input
            label="From BPM"
            inputMode="decimal"
            placeholder="e.g. 122"
            value={bpmMin}
            onChange={(event) => {
              setBpmMin(event.target.value);
              setError(null);
            }}
          />
          <Input
            label="To BPM"
            inputMode="decimal"
            placeholder="e.g. 128"
            value={bpmMax}
            onChange={(event) => {
              setBpmMax(event.target.value);
              setError(null);
            }}
          />
        </div>
        <Checkbox
          label="Half and double time too"
          description="87 BPM matches 170–176, as a DJ would count it."
          checked={halfDouble}
          onCheckedChange={setHalfDouble}
        />
        <Select label="Key (Camelot)" options={KEY_OPTIONS} value={key} onValueChange={setKey} />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-fg">Energy</legend>
          <div className="flex gap-2">
            {[null, ...ENERGY_BANDS].map((band) => (
              <Button
                key={band ?? ANY}
                type="button"
                size="sm"
                variant={energy === band ? 'primary' : 'secondary'}
                aria-pressed={energy === band}
                onClick={() => {
                  setEnergy(band);
                }}
              >
                {band ? ENERGY_LABELS[band] : 'Any'}
              </Button>
            ))}
          </div>
        </fieldset>
        <Select label="Genre" options={GENRE_OPTIONS} value={genre} onValueChange={setGenre} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              onApply(NO_FILTERS);
            }}
          >
            Clear all
          </Button>
          <Button type="submit">Deal matching tracks</Button>
        </div>
      </form>
    </DialogContent>
  );
}
