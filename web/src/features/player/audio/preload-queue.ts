/** Spec 000 §9: the preload queue works on 2 items at a time, starting them 100 ms apart. */
export const PRELOAD_QUEUE = { concurrency: 2, gapMs: 100 } as const;

/**
 * A queue of tracks whose playback URLs are fetched ahead of a tap or a swipe: at most
 * `concurrency` at once and one start per `gapMs`, so a chart of ten does not fire ten requests
 * in the same instant. A track already waiting is not queued twice; a failure is only logged
 * (spec 000 §8: preload errors are only logged).
 */
export function createPreloadQueue(
  load: (trackId: string) => Promise<unknown>,
  options: { concurrency: number; gapMs: number } = PRELOAD_QUEUE,
  clock: () => number = Date.now,
) {
  const waiting: string[] = [];
  let active = 0;
  let lastStart = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;

  function pump() {
    if (timer !== undefined || active >= options.concurrency || waiting.length === 0) return;
    timer = setTimeout(
      () => {
        timer = undefined;
        const trackId = waiting.shift();
        if (trackId === undefined) return;
        active += 1;
        lastStart = clock();
        load(trackId)
          .catch((error: unknown) => {
            console.warn('preload failed', error);
          })
          .finally(() => {
            active -= 1;
            pump();
          });
        pump();
      },
      Math.max(0, lastStart + options.gapMs - clock()),
    );
  }

  return {
    add(trackId: string) {
      if (!waiting.includes(trackId)) waiting.push(trackId);
      pump();
    },
    /** Sign-out: nothing of the last listener is fetched after it. */
    clear() {
      waiting.length = 0;
    },
  };
}
