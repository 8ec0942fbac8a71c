import { describe, expect, it } from 'vitest';
import { toCamelot } from './musical-key';

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
