import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  apiKey: string | undefined;
  body: unknown;
}

export interface FakeElevenLabs {
  baseUrl: string;
  requests: RecordedRequest[];
  /** The next answer: status, content type and body. */
  answer(status: number, body: Buffer | object, contentType?: string): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text ? (JSON.parse(text) as unknown) : null;
}

/** A local HTTP server answering like api.elevenlabs.io (providers.md §1), for provider tests. */
export async function startFakeElevenLabs(): Promise<FakeElevenLabs> {
  const requests: RecordedRequest[] = [];
  let next: { status: number; body: Buffer; contentType: string } = {
    status: 200,
    body: Buffer.from('{}'),
    contentType: 'application/json',
  };
  const server: Server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const key = request.headers['xi-api-key'];
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        apiKey: Array.isArray(key) ? key[0] : key,
        body,
      });
      response.writeHead(next.status, { 'content-type': next.contentType });
      response.end(next.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    answer(status, body, contentType) {
      next = Buffer.isBuffer(body)
        ? { status, body, contentType: contentType ?? 'audio/mpeg' }
        : { status, body: Buffer.from(JSON.stringify(body)), contentType: contentType ?? 'application/json' };
    },
    close: () =>
      new Promise((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
