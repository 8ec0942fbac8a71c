import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPreloadQueue } from './preload-queue';

describe('preload queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs two at a time, starting them 100 ms apart, and skips a track already waiting', async () => {
    const started: [string, number][] = [];
    const finish = new Map<string, () => void>();
    const queue = createPreloadQueue(
      (id) =>
        new Promise<void>((resolve) => {
          started.push([id, Date.now()]);
          finish.set(id, resolve);
        }),
      { concurrency: 2, gapMs: 100 },
    );
    const t0 = Date.now();
    for (const id of ['a', 'b', 'c', 'b', 'd']) queue.add(id);

    await vi.advanceTimersByTimeAsync(0);
    expect(started.map(([id]) => id)).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(100);
    expect(started.map(([id]) => id)).toEqual(['a', 'b']);
    // Two are loading: the third waits however long it takes.
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toHaveLength(2);

    finish.get('a')?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(started.map(([id]) => id)).toEqual(['a', 'b', 'c']);
    finish.get('b')?.();
    await vi.advanceTimersByTimeAsync(99);
    expect(started).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(started.map(([id, at]) => [id, at - t0])).toEqual([
      ['a', 0],
      ['b', 100],
      ['c', 1100],
      ['d', 1200],
    ]);
  });

  it('keeps going after a failed preload', async () => {
    const seen: string[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const queue = createPreloadQueue(async (id) => {
      seen.push(id);
      if (id === 'bad') throw new Error('gone');
    });
    queue.add('bad');
    queue.add('good');
    await vi.advanceTimersByTimeAsync(500);
    expect(seen).toEqual(['bad', 'good']);
    expect(warn).toHaveBeenCalledOnce();
  });
});
