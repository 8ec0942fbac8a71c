import { FOLLOW_RULES } from '@klang/domain';
import { describe, expect, it } from 'vitest';
import { followersFirstDayText } from './track-row';

describe("the followers' first day on the artist's track list", () => {
  it('gives a number from the floor, and never one below it', () => {
    expect(followersFirstDayText({ heard: 12, complete: true })).toBe('12 followers heard it on day one');
    expect(followersFirstDayText({ heard: 5, complete: false })).toBe('5 followers heard it first, so far');
    expect(followersFirstDayText({ heard: null, complete: true })).toBe(
      `Under ${String(FOLLOW_RULES.firstDayFloor)} followers heard it on day one`,
    );
  });
});
