import { ENERGY_BANDS, GENRE_NAMES, nextTrackQuerySchema, type EnergyBand } from '@klang/domain';
import { Disc3, Radar, Shuffle, SlidersHorizontal, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { cn } from '../../../components/ui/cn';
import { Dialog, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useZodForm } from '../../../lib/use-zod-form';
import {
  countFilters,
  describeFilters,
  filtersOf,
  formOf,
  NO_FILTERS,
  type DigFilters,
  type DigForm,
} from '../dig-filters';

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

/** Text as typed, or absent when blank, as a query string leaves out what is unset. */
const asText = (typed: unknown) => (typeof typed === 'string' && typed.trim() ? typed : undefined);

/** The filters' form: checked with the server's own schema before it leaves, kept as typed if not. */
function DigDialog({ filters, onApply }: { filters: DigFilters; onApply: (filters: DigFilters) => void }) {
  // One line for the whole form, and an edit anywhere clears it: it spoke of the form as it was.
  const form = useZodForm<z.input<typeof nextTrackQuerySchema>, DigForm>(nextTrackQuerySchema, {
    defaultValues: formOf(filters),
    editClears: 'all',
  });
  const [halfDouble, key, energy, genre] = form.watch(['halfDouble', 'key', 'energy', 'genre']);

  const apply = form.onSubmit((values) => {
    onApply(filtersOf(values));
  });

  return (
    <DialogContent
      title="Dig the blind deck"
      description="Only tracks that match are dealt, still blind: nothing about them shows until you like one."
      size="sm"
    >
      <form id="dig-filters" noValidate onSubmit={apply} className="flex flex-col gap-4">
        {form.firstMessage && <Banner tone="error">{form.firstMessage}</Banner>}
        <div className="grid grid-cols-2 gap-3">
          <Input
            label="From BPM"
            inputMode="decimal"
            placeholder="e.g. 122"
            {...form.register('bpmMin', { setValueAs: asText })}
          />
          <Input
            label="To BPM"
            inputMode="decimal"
            placeholder="e.g. 128"
            {...form.register('bpmMax', { setValueAs: asText })}
          />
        </div>
        <Checkbox
          label="Half and double time too"
          description="87 BPM matches 170–176, as a DJ would count it."
          checked={halfDouble === 'true'}
          onCheckedChange={(checked) => {
            form.setValue('halfDouble', checked ? 'true' : undefined);
          }}
        />
        <Select
          label="Key (Camelot)"
          options={KEY_OPTIONS}
          value={key ?? ANY}
          onValueChange={(next) => {
            form.setValue('key', next === ANY ? undefined : next);
          }}
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1.5 text-sm font-medium text-fg">Energy</legend>
          <div className="flex gap-2">
            {[null, ...ENERGY_BANDS].map((band) => (
              <Button
                key={band ?? ANY}
                type="button"
                size="sm"
                variant={(energy ?? null) === band ? 'primary' : 'secondary'}
                aria-pressed={(energy ?? null) === band}
                onClick={() => {
                  form.setValue('energy', band ?? undefined);
                }}
              >
                {band ? ENERGY_LABELS[band] : 'Any'}
              </Button>
            ))}
          </div>
        </fieldset>
        <Select
          label="Genre"
          options={GENRE_OPTIONS}
          value={genre ?? ANY}
          onValueChange={(next) => {
            form.setValue('genre', next === ANY ? undefined : (next as DigForm['genre']));
          }}
        />
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
