/**
 * Worker-thread entry of renderAll: renders one track per message, so each worker holds at most
 * one track's PCM at a time. Started by render-all.ts with the tsx loader.
 */
import { parentPort } from 'node:worker_threads';
import type { MusicParams } from './music-params';
import { renderTrack } from './render-track';

export interface RenderJob {
  index: number;
  params: MusicParams;
}

export type RenderReply = { index: number; mp3: Uint8Array } | { index: number; error: string };

function isRenderJob(value: unknown): value is RenderJob {
  return typeof value === 'object' && value !== null && 'index' in value && 'params' in value;
}

const port = parentPort;
if (port === null) throw new Error('render-worker must run in a worker thread');

port.on('message', (message: unknown) => {
  if (!isRenderJob(message)) return;
  renderTrack(message.params).then(
    (mp3) => {
      const bytes = new Uint8Array(mp3.buffer, mp3.byteOffset, mp3.byteLength);
      const reply: RenderReply = { index: message.index, mp3: bytes };
      port.postMessage(reply);
    },
    (error: unknown) => {
      const reply: RenderReply = {
        index: message.index,
        error: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(reply);
    },
  );
});
