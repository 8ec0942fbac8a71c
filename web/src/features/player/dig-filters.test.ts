import { SOUND_MESSAGES } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { countFilters, describeFilters, filtersOf, formOf, NO_FILTERS } from './dig-filters';

describe('the deck filters', () => {
  it('names what the listener digs by, for the message when nothing is left', () => {
    expect(describeFilters({ bpmMin: 172, bpmMax: 176 })).toBe('172–176 BPM');
    expect(
      describeFilters({
        bpmMin: 84,
        bpmMax: 88,
        halfDouble: true,
        key: '8A',
        energy: 'high',
        genre: 'Drum n Bass',
      }),
    ).toBe('84–88 BPM (or half or double time), keys that mix with 8A, high energy, Drum n Bass');
    expect(describeFilters({ bpmMin: 120 })).toBe('from 120 BPM');
    expect(SOUND_MESSAGES.filterEmpty(describeFilters({ bpmMax: 100 }))).toBe(
      'No more blind tracks at up to 100 BPM: widen the range',
    );
    expect(countFilters({ bpmMin: 120, bpmMax: 130, halfDouble: true, energy: 'low' })).toBe(2);
    expect(countFilters({})).toBe(0);
  });

  it("reads a form's filters as the deck does: numbers, the key in capitals, unset left out", () => {
    expect(filtersOf({ bpmMin: '120', bpmMax: undefined, halfDouble: 'true', key: '8a' })).toEqual({
      bpmMin: 120,
      halfDouble: true,
      key: '8A',
    });
    // Half and double time needs a tempo to apply to.
    expect(filtersOf({ halfDouble: 'true', energy: 'low' })).toEqual({ energy: 'low' });
    const all = {
      bpmMin: 84,
      bpmMax: 88,
      halfDouble: true,
      key: '8A',
      energy: 'high',
      genre: 'Drum n Bass',
    } as const;
    expect(filtersOf(formOf(all))).toEqual(all);
    expect(filtersOf(formOf(NO_FILTERS))).toEqual(NO_FILTERS);
  });
});
