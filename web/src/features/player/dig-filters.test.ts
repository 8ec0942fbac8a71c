import { SOUND_MESSAGES } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { checkFilters, countFilters, describeFilters } from './dig-filters';

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

  it("checks a form's filters with the server's rules and says the first one broken", () => {
    expect(checkFilters({ bpmMin: 130, bpmMax: 120 })).toEqual({ error: SOUND_MESSAGES.bpmRangeReversed });
    expect(checkFilters({ bpmMin: Number('fast') })).toEqual({ error: SOUND_MESSAGES.bpmInvalid });
    expect(checkFilters({ bpmMax: 400 })).toEqual({ error: SOUND_MESSAGES.bpmInvalid });
    expect(checkFilters({ key: '13C' })).toEqual({ error: SOUND_MESSAGES.keyInvalid });
    expect(checkFilters({ bpmMin: 120, halfDouble: true, key: '8a' })).toEqual({
      filters: { bpmMin: 120, halfDouble: true, key: '8A' },
    });
  });
});
