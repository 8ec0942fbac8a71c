import { ENERGY_BANDS, GENRE_NAMES, nextTrackQuerySchema, type EnergyBand } from '@klang/domain';
import type { z } from 'zod';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { DialogContent } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { useZodForm } from '../../../lib/use-zod-form';
import { filtersOf, formOf, NO_FILTERS, type DigFilters, type DigForm } from '../dig-filters';

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

/** Text as typed, or absent when blank, as a query string leaves out what is unset. */
const asText = (typed: unknown) => (typeof typed === 'string' && typed.trim() ? typed : undefined);

/** The filters' form: checked with the server's own schema before it leaves, kept as typed if not. */
export function DigDialog({
  filters,
  onApply,
}: {
  filters: DigFilters;
  onApply: (filters: DigFilters) => void;
}) {
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
