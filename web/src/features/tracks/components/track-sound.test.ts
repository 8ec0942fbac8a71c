import { describe, expect, it } from 'vitest';
import { soundSummary } from './track-sound';

const MEASURED = {
  bpm: 124.2,
  bpmConfidence: 0.8,
  key: '8A',
  keyConfidence: 0.6,
  energy: 'high' as const,
  bpmArtist: null,
  keyArtist: null,
  flagged: false,
};

describe("the artist's view of a track's sound", () => {
  it('shows the measurement as sure as its confidence, and the artist’s own values first', () => {
    expect(soundSummary(MEASURED)).toEqual({ tempo: '124 BPM', key: '8A' });
    expect(soundSummary({ ...MEASURED, bpmConfidence: 0.3, keyConfidence: 0.35 })).toEqual({
      tempo: '≈124 BPM',
      key: '≈8A',
    });
    expect(soundSummary({ ...MEASURED, bpmConfidence: 0.1, keyConfidence: 0.1 })).toEqual({
      tempo: 'tempo uncertain',
      key: 'key uncertain',
    });
    expect(soundSummary({ ...MEASURED, bpmConfidence: 0.1, bpmArtist: 126, keyArtist: '9A' })).toEqual({
      tempo: '126 BPM',
      key: '9A',
    });
  });
});
