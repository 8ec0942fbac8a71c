import { describe, expect, it } from 'vitest';
import { compatibleCamelots, isCamelot, relativeCamelot, toCamelot } from './musical-key';

describe('toCamelot', () => {
  it('places keys on the wheel as DJs read it', () => {
    expect(toCamelot({ tonic: 0, mode: 'major' })).toBe('8B');
    expect(toCamelot({ tonic: 9, mode: 'minor' })).toBe('8A');
    expect(toCamelot({ tonic: 7, mode: 'major' })).toBe('9B');
    expect(toCamelot({ tonic: 8, mode: 'minor' })).toBe('1A');
    expect(toCamelot({ tonic: 11, mode: 'major' })).toBe('1B');
    expect(toCamelot({ tonic: 1, mode: 'minor' })).toBe('12A');
    expect(toCamelot({ tonic: 4, mode: 'major' })).toBe('12B');
  });
});

describe('the Camelot wheel', () => {
  it('reads only the 24 codes', () => {
    expect(['1A', '8B', '12A', '12B'].every(isCamelot)).toBe(true);
    expect(['0A', '13B', '8C', '8', 'A8', ' 8A', '08A'].some(isCamelot)).toBe(false);
  });

  it('takes the same key, its neighbours with the same letter and its relative as compatible', () => {
    expect(compatibleCamelots('8A')).toEqual(['8A', '7A', '9A', '8B']);
    expect(compatibleCamelots('12B')).toEqual(['12B', '11B', '1B', '12A']);
    expect(compatibleCamelots('1A')).toEqual(['1A', '12A', '2A', '1B']);
    expect(relativeCamelot('5B')).toBe('5A');
  });
});
