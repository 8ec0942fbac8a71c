/**
 * Character packs on Replicate (replicate.com/docs): the photos go up as one zip through the files
 * API, a LoRA fine-tune (by default ostris/flux-dev-lora-trainer) trains a new version of the
 * configured destination model, and press shots are predictions of that version. Replicate
 * deletes API-created outputs after an hour, so every image is downloaded here and stored by Klang.
 */
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { z } from 'zod';
import type { StorageProvider } from '../storage/storage';
import type { KlangPacksProvider, TrainingState } from './klang-packs';
import { storedZip } from './stored-zip';

export interface ReplicateKlangPacksOptions {
  apiToken: string;
  /** https://api.replicate.com/v1, or a local fake in tests. */
  apiUrl: string;
  /** owner/name of the trainer model and the version to run. */
  trainer: string;
  trainerVersion: string;
  /** owner/name of the model the trainings add versions to (it must exist). */
  destination: string;
  /** Where Replicate posts the finished training; without it, polling alone follows it. */
  webhookUrl?: string;
  storage: StorageProvider;
  /** The word the trainer binds the artist's likeness to. */
  triggerWord?: string;
  fetch?: typeof fetch;
  /** How long to wait between two reads of an unfinished prediction. */
  pollMs?: number;
}

export class ReplicateError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ReplicateError';
  }
}

const fileSchema = z.object({ id: z.string(), urls: z.object({ get: z.string() }) });
const trainingSchema = z.object({
  id: z.string(),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled']),
  output: z.object({ version: z.string() }).nullish(),
  error: z.unknown().optional(),
});
const predictionSchema = z.object({
  id: z.string(),
  status: z.enum(['starting', 'processing', 'succeeded', 'failed', 'canceled']),
  output: z.union([z.array(z.string()), z.string()]).nullish(),
  error: z.unknown().optional(),
});

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      },
      { once: true },
    );
  });

export function createReplicateKlangPacks(options: ReplicateKlangPacksOptions): KlangPacksProvider {
  const doFetch = options.fetch ?? fetch;
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  const trigger = options.triggerWord ?? 'TOK';
  const pollMs = options.pollMs ?? 1500;

  async function call<T>(
    schema: z.ZodType<T>,
    path: string,
    init: { method?: string; body?: FormData; json?: unknown; headers?: Record<string, string> },
    signal?: AbortSignal,
  ): Promise<T> {
    const response = await doFetch(`${apiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${options.apiToken}`,
        ...(init.json !== undefined && { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      ...(init.json !== undefined
        ? { body: JSON.stringify(init.json) }
        : init.body
          ? { body: init.body }
          : {}),
      ...(signal && { signal }),
    });
    const text = await response.text();
    if (!response.ok) {
      // Replicate answers errors as problem details: {title, detail, status}.
      const detail = /"detail"\s*:\s*"([^"]*)"/.exec(text)?.[1];
      throw new ReplicateError(
        `Replicate ${init.method ?? 'GET'} ${path}: ${response.status} ${detail ?? ''}`.trim(),
        response.status,
      );
    }
    return schema.parse(text ? JSON.parse(text) : null);
  }

  function training(id: string, signal?: AbortSignal) {
    return call(trainingSchema, `/trainings/${encodeURIComponent(id)}`, {}, signal);
  }

  /** The trained version of a finished training, as owner/name and version id. */
  async function trainedVersion(modelId: string, signal?: AbortSignal) {
    const trained = await training(modelId, signal);
    const version = trained.output?.version;
    if (trained.status !== 'succeeded' || !version)
      throw new ReplicateError('the training has no trained version');
    const [model = '', id = ''] = version.split(':');
    return { model, id };
  }

  const describeError = (error: unknown) =>
    typeof error === 'string' ? error : error ? JSON.stringify(error).slice(0, 300) : 'no reason given';

  return {
    name: 'replicate',

    async startTraining({ packId, photoKeys }, signal) {
      const files = [];
      for (const [index, key] of photoKeys.entries()) {
        files.push({
          name: `photo-${String(index + 1).padStart(2, '0')}.jpg`,
          data: await buffer(await options.storage.read('artist-packs', key)),
        });
      }
      const form = new FormData();
      form.append('content', new Blob([storedZip(files)], { type: 'application/zip' }), `pack-${packId}.zip`);
      const upload = await call(fileSchema, '/files', { method: 'POST', body: form }, signal);
      const [owner = '', name = ''] = options.trainer.split('/');
      const started = await call(
        trainingSchema,
        `/models/${owner}/${name}/versions/${options.trainerVersion}/trainings`,
        {
          method: 'POST',
          json: {
            destination: options.destination,
            input: { input_images: upload.urls.get, trigger_word: trigger, autocaption: true },
            ...(options.webhookUrl && { webhook: options.webhookUrl, webhook_events_filter: ['completed'] }),
          },
        },
        signal,
      );
      return { modelId: started.id };
    },

    async checkTraining(modelId, signal): Promise<TrainingState> {
      const trained = await training(modelId, signal);
      switch (trained.status) {
        case 'starting':
        case 'processing':
          return { state: 'training' };
        case 'succeeded':
          return trained.output?.version
            ? { state: 'ready' }
            : { state: 'error', reason: 'no trained version' };
        case 'failed':
        case 'canceled':
          return { state: 'error', reason: `${trained.status}: ${describeError(trained.error)}` };
      }
    },

    async generate({ modelId, prompt, seed }, signal) {
      const version = await trainedVersion(modelId, signal);
      let prediction = await call(
        predictionSchema,
        '/predictions',
        {
          method: 'POST',
          // Blocks up to a minute for the result; a slower one is read again below.
          headers: { Prefer: 'wait=60' },
          json: {
            version: version.id,
            input: { prompt: `a photo of ${trigger}, ${prompt}`, num_outputs: 1, output_format: 'jpg', seed },
          },
        },
        signal,
      );
      while (prediction.status === 'starting' || prediction.status === 'processing') {
        await sleep(pollMs, signal);
        prediction = await call(
          predictionSchema,
          `/predictions/${encodeURIComponent(prediction.id)}`,
          {},
          signal,
        );
      }
      if (prediction.status !== 'succeeded') {
        throw new ReplicateError(`prediction ${prediction.status}: ${describeError(prediction.error)}`);
      }
      const url = Array.isArray(prediction.output) ? prediction.output[0] : prediction.output;
      if (!url) throw new ReplicateError('the prediction gave no image');
      // The output URL expires: take the bytes now, and make sure they are an image.
      const image = await doFetch(url, { signal });
      if (!image.ok) throw new ReplicateError(`downloading the output: ${image.status}`, image.status);
      return sharp(Buffer.from(await image.arrayBuffer()), { limitInputPixels: 60_000_000 })
        .jpeg({ quality: 90, mozjpeg: true })
        .toBuffer();
    },

    async deleteModel(modelId) {
      const trained = await training(modelId).catch((error: unknown) => {
        if (error instanceof ReplicateError && error.status === 404) return null;
        throw error;
      });
      if (!trained) return;
      if (trained.status === 'starting' || trained.status === 'processing') {
        // Still running: stop it, or it would go on (and be billed) for a pack nobody has.
        await call(z.unknown(), `/trainings/${encodeURIComponent(modelId)}/cancel`, { method: 'POST' });
        return;
      }
      const version = trained.status === 'succeeded' ? trained.output?.version : undefined;
      if (!version) return;
      const [model = '', id = ''] = version.split(':');
      await call(z.unknown(), `/models/${model}/versions/${id}`, { method: 'DELETE' }).catch(
        (error: unknown) => {
          if (!(error instanceof ReplicateError && error.status === 404)) throw error;
        },
      );
    },
  };
}
