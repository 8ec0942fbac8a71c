/**
 * Renders many tracks on a small pool of worker threads (default: one per core, at most 2). The
 * synthesis is single-threaded JS and ffmpeg encodes in its own process, so two workers keep a
 * 2-core machine busy without holding more than two tracks in memory at once.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { RUNS_COMPILED, SERVER_DIST_DIR } from '../package-paths';
import type { MusicParams } from './music-params';
import { getDurationMs, renderTrack } from './render-track';
import type { RenderJob, RenderReply } from './render-worker';

export interface RenderItem {
  key: string;
  params: MusicParams;
}

export interface RenderedTrack {
  key: string;
  mp3: Buffer;
  durationMs: number;
}

export interface RenderAllOptions {
  /** Worker threads to use; 0 renders on the calling thread. */
  workers?: number;
}

export type RenderProgress = (rendered: RenderedTrack, done: number, total: number) => void;

function isRenderReply(value: unknown): value is RenderReply {
  return (
    typeof value === 'object' && value !== null && 'index' in value && ('mp3' in value || 'error' in value)
  );
}

/**
 * The compiled server starts the worker's own compiled entry. From the sources (tsx, Vitest) it
 * starts a plain .mjs entry that loads the TypeScript worker through tsx's API.
 */
function createRenderWorker(): Worker {
  return RUNS_COMPILED
    ? new Worker(path.join(SERVER_DIST_DIR, 'render-worker.js'))
    : new Worker(new URL('./render-worker-entry.mjs', import.meta.url));
}

async function renderInline(items: RenderItem[], onProgress?: RenderProgress): Promise<RenderedTrack[]> {
  const results: RenderedTrack[] = [];
  for (const item of items) {
    const rendered = {
      key: item.key,
      mp3: await renderTrack(item.params),
      durationMs: getDurationMs(item.params),
    };
    results.push(rendered);
    onProgress?.(rendered, results.length, items.length);
  }
  return results;
}

/** Renders all items to MP3, in input order; `onProgress` fires as each one finishes. */
export async function renderAll(
  items: RenderItem[],
  onProgress?: RenderProgress,
  options: RenderAllOptions = {},
): Promise<RenderedTrack[]> {
  const workerCount = Math.min(options.workers ?? Math.min(2, availableParallelism()), items.length);
  if (workerCount <= 0) return renderInline(items, onProgress);

  const results = new Array<RenderedTrack | undefined>(items.length);
  const workers = Array.from({ length: workerCount }, createRenderWorker);
  let next = 0;
  let done = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const dispatch = (worker: Worker): void => {
        const item = items[next];
        if (item === undefined) return;
        const job: RenderJob = { index: next, params: item.params };
        next += 1;
        worker.postMessage(job);
      };
      for (const worker of workers) {
        worker.on('error', reject);
        worker.on('exit', (code) => {
          if (done < items.length) reject(new Error(`render worker exited early with code ${code}`));
        });
        worker.on('message', (message: unknown) => {
          if (!isRenderReply(message)) return;
          const item = items[message.index];
          if ('error' in message || item === undefined) {
            reject(
              new Error(
                `rendering ${item?.key ?? message.index} failed: ${'error' in message ? message.error : ''}`,
              ),
            );
            return;
          }
          const rendered = {
            key: item.key,
            mp3: Buffer.from(message.mp3.buffer, message.mp3.byteOffset, message.mp3.byteLength),
            durationMs: getDurationMs(item.params),
          };
          results[message.index] = rendered;
          done += 1;
          onProgress?.(rendered, done, items.length);
          if (done === items.length) resolve();
          else dispatch(worker);
        });
        dispatch(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return results.filter((r): r is RenderedTrack => r !== undefined);
}
