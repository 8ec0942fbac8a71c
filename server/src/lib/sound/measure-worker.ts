/**
 * Worker-thread entry of `measureSoundOffThread`: measures one track's PCM per message. Measuring
 * is synchronous and takes about a second per minute of audio, so it runs here, never on the
 * thread that answers requests. Started by measure-off-thread.ts.
 */
import { parentPort } from 'node:worker_threads';
import type { Genre } from '@klang/domain';
import { measureSound, type SoundFeatures } from './sound-features';

export interface MeasureJob {
  samples: Float32Array;
  sampleRate: number;
  genre: Genre;
}

export type MeasureReply = { features: SoundFeatures } | { error: string };

const port = parentPort;
if (port === null) throw new Error('measure-worker must run in a worker thread');

port.once('message', (job: MeasureJob) => {
  let reply: MeasureReply;
  try {
    reply = { features: measureSound({ samples: job.samples, sampleRate: job.sampleRate }, job.genre) };
  } catch (error) {
    reply = { error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
