import { describe, expect, it } from 'vitest';
import { describeSound } from './track-sound';

describe('describeSound', () => {
  it('says what is known of a liked track’s sound, and nothing when nothing is', () => {
    expect(describeSound({ bpm: 123.6, key: '8A', energy: 'high' })).toBe('124 BPM · 8A · high energy');
    expect(describeSound({ bpm: null, key: '11B', energy: null })).toBe('11B');
    expect(describeSound({ bpm: null, key: null, energy: null })).toBeNull();
    expect(describeSound(null)).toBeNull();
  });
});
