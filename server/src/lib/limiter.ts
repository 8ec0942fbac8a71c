/**
 * A counting semaphore: at most `slots` tasks run at once, the rest wait their turn in arrival
 * order. The local engines (eSpeak NG, ffmpeg, LAME, the synthesizers) are processes and CPU-bound
 * work that share the machine's cores with every request; each caller that starts them bounds
 * them with one of these.
 */
export function createLimiter(slots: number) {
  if (!Number.isInteger(slots) || slots < 1) throw new RangeError(`a limiter needs at least one slot`);
  let free = slots;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake it.
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
