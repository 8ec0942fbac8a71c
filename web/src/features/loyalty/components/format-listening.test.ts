import { describe, expect, it } from 'vitest';
import { formatListening } from './loyalty-card-dialog';

describe('the loyalty card’s listening time', () => {
  it('reads in minutes, then in hours and minutes', () => {
    expect(formatListening(0)).toBe('0m');
    expect(formatListening(59)).toBe('59m');
    expect(formatListening(60)).toBe('1h 0m');
    expect(formatListening(125)).toBe('2h 5m');
  });
});
