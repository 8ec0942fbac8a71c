// Preloaded into a server by the soak (`node --import`): samples the event loop's delay and writes
// the window's p99 and max (milliseconds) with the RSS to the file LOOP_DELAY_FILE every second.
// A bench probe only; the server itself knows nothing of it.
import { appendFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const timer = setInterval(() => {
    const line = {
      at: Date.now(),
      p99Ms: histogram.percentile(99) / 1e6,
      maxMs: histogram.max / 1e6,
      rssMiB: Math.round(process.memoryUsage.rss() / 1024 / 1024),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    histogram.reset();
  }, 1000);
  timer.unref();
}
