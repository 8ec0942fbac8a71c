import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter';

/** A task that runs until released, recording when it started. */
function gatedTasks(count: number) {
  const started: number[] = [];
  const releases: (() => void)[] = [];
  const tasks = Array.from({ length: count }, (_, index) => () => {
    started.push(index);
    return new Promise<number>((resolve) =>
      releases.push(() => {
        resolve(index);
      }),
    );
  });
  return { started, releases, tasks };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the limiter', () => {
  it('runs at most its slots at once and the rest in arrival order as slots free', async () => {
    const limit = createLimiter(2);
    const { started, releases, tasks } = gatedTasks(5);
    const results = tasks.map((task) => limit(task));
    await settle();
    expect(started).toEqual([0, 1]);

    releases[1]?.();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    releases[0]?.();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    // A newcomer while all slots are busy waits behind the queue.
    const late = limit(() => Promise.resolve('late'));
    releases[2]?.();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    releases[3]?.();
    releases[4]?.();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(await late).toBe('late');
  });

  it('frees the slot of a task that fails, and passes the failure on', async () => {
    const limit = createLimiter(1);
    await expect(limit(() => Promise.reject(new Error('engine crashed')))).rejects.toThrow('engine crashed');
    expect(await limit(() => Promise.resolve('next'))).toBe('next');
  });

  it('refuses a limiter without a slot', () => {
    expect(() => createLimiter(0)).toThrow(RangeError);
  });
});
