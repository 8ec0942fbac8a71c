import { describe, expect, it } from 'vitest';
import { aggregateHearings } from './hook-aggregates';
import type { HearingGroupRow } from './hooks.repository';

const group = (row: Partial<HearingGroupRow> & Pick<HearingGroupRow, 'ended_as'>): HearingGroupRow => ({
  step: null,
  like_second: null,
  deals: 1,
  listeners: 5,
  positioned_listeners: 5,
  timed_listeners: 5,
  ...row,
});

describe('aggregateHearings', () => {
  it('has nothing below the floor', () => {
    expect(aggregateHearings([], 60_000)).toBeNull();
    expect(aggregateHearings([group({ ended_as: 'skip', listeners: 4 })], 60_000)).toBeNull();
  });

  it('has no like rate when every deal was left, and no curve without a length', () => {
    const hooks = aggregateHearings([group({ ended_as: 'left', step: 3, deals: 5 })], null);
    expect(hooks?.likeRate).toBeNull();
    expect(hooks?.skipCurve).toEqual({ positioned: 0, withoutPosition: 5, points: [] });
  });

  it('draws no curve and no histogram over fewer than five contributing listeners', () => {
    const hooks = aggregateHearings(
      [
        group({ ended_as: 'skip', step: 2, deals: 3, positioned_listeners: 4, timed_listeners: 4 }),
        group({
          ended_as: 'like',
          step: 20,
          like_second: 9,
          deals: 4,
          positioned_listeners: 4,
          timed_listeners: 4,
        }),
      ],
      60_000,
    );
    expect(hooks?.skipCurve).toEqual({ positioned: 7, withoutPosition: 0, points: [] });
    expect(hooks?.secondsToLike).toEqual({ timedLikes: 4, medianSeconds: null, bins: [] });
  });

  it('puts late likes in the open bin and takes the median of whole seconds', () => {
    const hooks = aggregateHearings(
      [
        group({ ended_as: 'like', like_second: 4, deals: 2 }),
        group({ ended_as: 'like', like_second: 130, deals: 1 }),
        group({ ended_as: 'like', like_second: 600, deals: 1 }),
        group({ ended_as: 'like', like_second: null, deals: 3 }),
      ],
      60_000,
    );
    expect(hooks?.secondsToLike.timedLikes).toBe(4);
    expect(hooks?.secondsToLike.medianSeconds).toBe(67);
    expect(hooks?.secondsToLike.bins[0]).toEqual({ fromSeconds: 0, toSeconds: 5, likes: 2 });
    expect(hooks?.secondsToLike.bins.at(-1)).toEqual({ fromSeconds: 120, toSeconds: null, likes: 2 });
    expect(hooks?.likes).toBe(7);
  });
});
