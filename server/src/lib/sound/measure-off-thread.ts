import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Genre } from '@klang/domain';
import type { MonoPcm } from '../../providers/audio/ffmpeg';
import { RUNS_COMPILED, SERVER_DIST_DIR } from '../package-paths';
import type { MeasureJob, MeasureReply } from './measure-worker';
import type { SoundFeatures } from './sound-features';

/**
 * The compiled server starts the worker's own compiled entry (an entry point of the build, like
 * the render worker's); from the sources (tsx, Vitest) a plain .mjs entry that loads the
 * TypeScript worker through tsx's API.
 */
function createMeasureWorker(): Worker {
  return RUNS_COMPILED
    ? new Worker(path.join(SERVER_DIST_DIR, 'measure-worker.js'))
    : new Worker(new URL('./measure-worker-entry.mjs', import.meta.url));
}

/**
 * `measureSound` in a worker thread of its own (decision 0264): the request thread stays free
 * while a track is measured. The PCM is handed over, not copied; `pcm` is unusable afterwards.
 * One worker per measurement: tracks are measured one job at a time, and a worker that ends
 * with its job holds no memory between uploads.
 */
export function measureSoundOffThread(pcm: MonoPcm, genre: Genre): Promise<SoundFeatures> {
  const worker = createMeasureWorker();
  return new Promise<SoundFeatures>((resolve, reject) => {
    worker.once('message', (reply: MeasureReply) => {
      if ('features' in reply) resolve(reply.features);
      else reject(new Error(reply.error));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      reject(new Error(`the measure worker stopped (exit code ${String(code)}) before it answered`));
    });
    const job: MeasureJob = { samples: pcm.samples, sampleRate: pcm.sampleRate, genre };
    worker.postMessage(job, [pcm.samples.buffer as ArrayBuffer]);
  }).finally(() => void worker.terminate());
}
