/**
 * A local stand-in for the parts of Replicate's HTTP API that character packs use, as documented:
 * the files API (multipart `content`), trainings of a trainer version into a destination model,
 * training cancellation, predictions with `Prefer: wait`, output delivery URLs, version deletion,
 * and signed webhooks.
 * Tests drive the training's outcome; the fake checks what it is sent as Replicate would.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { signReplicateWebhook } from '../../providers/klang-packs/replicate-webhook';
import { readStoredZip } from '../../providers/klang-packs/stored-zip';

type Status = 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface FakeTraining {
  id: string;
  status: Status;
  destination: string;
  trainer: string;
  input: { input_images: string; trigger_word?: string };
  webhook?: string;
  webhook_events_filter?: string[];
  output: { version: string; weights: string } | null;
  error: string | null;
  /** The photos the training received, from the uploaded zip. */
  photos: { name: string; data: Buffer }[];
}

export interface FakePrediction {
  id: string;
  version: string;
  status: Status;
  input: { prompt: string; seed?: number };
  output: string[] | null;
  /** Reads left before a slow prediction finishes. */
  readsLeft: number;
}

export interface FakeReplicate {
  url: string;
  token: string;
  webhookSecret: string;
  trainings: Map<string, FakeTraining>;
  predictions: Map<string, FakePrediction>;
  deletedVersions: string[];
  /** Predictions answer `processing` to the waiting POST and this many reads after it. */
  slowPredictionReads: number;
  finishTraining(id: string, outcome: 'succeeded' | 'failed'): void;
  /** The signed webhook Replicate would send for a training, to deliver by hand. */
  webhookFor(id: string, at?: number): { headers: Record<string, string>; body: string };
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};
const problem = (response: ServerResponse, status: number, detail: string) => {
  json(response, status, { title: 'Error', detail, status });
};
const newId = () => randomBytes(10).toString('hex');

/** One field of a multipart/form-data body: enough of RFC 7578 for what the client sends. */
function multipartField(body: Buffer, contentType: string, name: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  const delimiter = `--${boundary?.[1] ?? boundary?.[2] ?? ''}`;
  if (delimiter === '--') return undefined;
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const headersEnd = body.indexOf('\r\n\r\n', at);
    const next = body.indexOf(`\r\n${delimiter}`, headersEnd);
    if (headersEnd < 0 || next < 0) return undefined;
    const headers = body.subarray(at + delimiter.length, headersEnd).toString('utf8');
    if (new RegExp(`name="${name}"`).test(headers)) {
      return {
        filename: /filename="([^"]*)"/.exec(headers)?.[1] ?? 'file',
        contentType: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? 'application/octet-stream',
        data: body.subarray(headersEnd + 4, next),
      };
    }
    at = next + 2;
  }
  return undefined;
}

export async function startFakeReplicate(): Promise<FakeReplicate> {
  const token = `r8_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`;
  const files = new Map<string, Buffer>();
  const images = new Map<string, Buffer>();
  const trainings = new Map<string, FakeTraining>();
  const predictions = new Map<string, FakePrediction>();
  const deletedVersions: string[] = [];
  let base = '';

  const publicTraining = (t: FakeTraining) => {
    const { photos: _photos, ...rest } = t;
    return rest;
  };
  const publicPrediction = (p: FakePrediction) => {
    const { readsLeft: _reads, ...rest } = p;
    return rest;
  };

  async function render(prediction: FakePrediction) {
    const hue = createHash('sha256').update(prediction.input.prompt).digest().readUInt16BE(0) % 360;
    const image = await sharp({
      create: { width: 512, height: 640, channels: 3, background: `hsl(${hue}, 60%, 45%)` },
    })
      .png()
      .toBuffer();
    const key = newId();
    images.set(key, image);
    prediction.output = [`${base}/delivery/${key}.png`];
    prediction.status = 'succeeded';
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const url = new URL(request.url ?? '/', base);
    const body = await buffer(request);
    if (request.method === 'GET' && url.pathname.startsWith('/delivery/')) {
      const image = images.get(url.pathname.slice('/delivery/'.length).replace(/\.png$/, ''));
      if (!image) {
        problem(response, 404, 'expired');
        return;
      }
      response.writeHead(200, { 'content-type': 'image/png' });
      return response.end(image);
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      problem(response, 401, 'You did not pass a valid authentication token');
      return;
    }
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'v1') {
      problem(response, 404, 'Not found');
      return;
    }

    if (request.method === 'POST' && url.pathname === '/v1/files') {
      const content = multipartField(body, request.headers['content-type'] ?? '', 'content');
      if (!content) {
        problem(response, 400, 'content is required');
        return;
      }
      const id = newId();
      files.set(id, content.data);
      json(response, 201, {
        id,
        name: content.filename,
        content_type: content.contentType,
        size: content.data.length,
        urls: { get: `${base}/v1/files/${id}` },
      });
      return;
    }

    // POST /v1/models/{owner}/{name}/versions/{version}/trainings
    if (
      request.method === 'POST' &&
      parts[1] === 'models' &&
      parts[4] === 'versions' &&
      parts[6] === 'trainings'
    ) {
      const payload = JSON.parse(body.toString()) as Partial<FakeTraining>;
      if (!payload.destination || !/^[\w-]+\/[\w-]+$/.test(payload.destination)) {
        problem(response, 422, 'destination must be owner/name');
        return;
      }
      const fileId = payload.input?.input_images.split('/v1/files/')[1] ?? '';
      const zip = files.get(fileId);
      if (!zip) {
        problem(response, 422, 'input_images is not a file you uploaded');
        return;
      }
      const id = newId();
      const training: FakeTraining = {
        id,
        status: 'starting',
        destination: payload.destination,
        trainer: `${parts[2] ?? ''}/${parts[3] ?? ''}:${parts[5] ?? ''}`,
        input: payload.input ?? { input_images: '' },
        ...(payload.webhook && { webhook: payload.webhook }),
        ...(payload.webhook_events_filter && { webhook_events_filter: payload.webhook_events_filter }),
        output: null,
        error: null,
        photos: readStoredZip(zip),
      };
      trainings.set(id, training);
      json(response, 201, publicTraining(training));
      return;
    }

    // POST /v1/trainings/{id}/cancel
    if (request.method === 'POST' && parts[1] === 'trainings' && parts[2] && parts[3] === 'cancel') {
      const training = trainings.get(parts[2]);
      if (!training) {
        problem(response, 404, 'Not found');
        return;
      }
      if (training.status === 'starting' || training.status === 'processing') training.status = 'canceled';
      json(response, 200, publicTraining(training));
      return;
    }

    if (request.method === 'GET' && parts[1] === 'trainings' && parts[2]) {
      const training = trainings.get(parts[2]);
      if (!training) {
        problem(response, 404, 'Not found');
        return;
      }
      // A started training is processing by the time anyone asks.
      if (training.status === 'starting') training.status = 'processing';
      json(response, 200, publicTraining(training));
      return;
    }

    if (request.method === 'POST' && url.pathname === '/v1/predictions') {
      const payload = JSON.parse(body.toString()) as {
        version?: string;
        input?: { prompt: string; seed?: number };
      };
      const known = [...trainings.values()].some((t) =>
        t.output?.version.endsWith(`:${payload.version ?? ''}`),
      );
      if (!known || !payload.input?.prompt) {
        problem(response, 422, 'unknown version or no prompt');
        return;
      }
      const prediction: FakePrediction = {
        id: newId(),
        version: payload.version ?? '',
        status: 'processing',
        input: payload.input,
        output: null,
        readsLeft: fake.slowPredictionReads,
      };
      predictions.set(prediction.id, prediction);
      const waits = String(request.headers.prefer ?? '').includes('wait');
      if (waits && prediction.readsLeft === 0) await render(prediction);
      json(response, 201, publicPrediction(prediction));
      return;
    }

    if (request.method === 'GET' && parts[1] === 'predictions' && parts[2]) {
      const prediction = predictions.get(parts[2]);
      if (!prediction) {
        problem(response, 404, 'Not found');
        return;
      }
      if (prediction.status === 'processing') {
        if (prediction.readsLeft > 0) prediction.readsLeft -= 1;
        else await render(prediction);
      }
      json(response, 200, publicPrediction(prediction));
      return;
    }

    if (request.method === 'DELETE' && parts[1] === 'models' && parts[4] === 'versions' && parts[5]) {
      const version = `${parts[2] ?? ''}/${parts[3] ?? ''}:${parts[5]}`;
      if (
        ![...trainings.values()].some((t) => t.output?.version === version) ||
        deletedVersions.includes(version)
      ) {
        problem(response, 404, 'Not found');
        return;
      }
      deletedVersions.push(version);
      response.writeHead(202);
      return response.end();
    }
    problem(response, 404, 'Not found');
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      problem(response, 500, String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeReplicate = {
    url: `${base}/v1`,
    token,
    webhookSecret,
    trainings,
    predictions,
    deletedVersions,
    slowPredictionReads: 0,
    finishTraining(id, outcome) {
      const training = trainings.get(id);
      if (!training) throw new Error(`no training ${id}`);
      training.status = outcome;
      if (outcome === 'succeeded') {
        training.output = {
          version: `${training.destination}:${randomBytes(32).toString('hex')}`,
          weights: `${base}/delivery/weights-${id}.tar`,
        };
      } else training.error = 'CUDA out of memory';
    },
    webhookFor(id, at = Math.floor(Date.now() / 1000)) {
      const training = trainings.get(id);
      if (!training) throw new Error(`no training ${id}`);
      const body = JSON.stringify(publicTraining(training));
      const messageId = `msg_${newId()}`;
      const timestamp = String(at);
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'webhook-id': messageId,
          'webhook-timestamp': timestamp,
          'webhook-signature': `v1,${signReplicateWebhook(webhookSecret, messageId, timestamp, body)}`,
        },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        }),
      ),
  };
  return fake;
}
