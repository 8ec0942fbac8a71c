/**
 * Waits for `work` at most `ms`: `{ done: true, value }` when it settled in time, `{ done: false }`
 * otherwise (the work goes on; only the wait ends). A rejection within the time rejects. For the
 * waits of a shutdown and of a health probe, which must end even when what they wait for hangs.
 */
export async function within<T>(
  work: Promise<T>,
  ms: number,
): Promise<{ done: true; value: T } | { done: false }> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<{ done: false }>((resolve) => {
    timer = setTimeout(() => {
      resolve({ done: false });
    }, ms);
  });
  try {
    return await Promise.race([work.then((value) => ({ done: true as const, value })), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
