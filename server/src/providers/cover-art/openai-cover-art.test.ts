import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiCoverArt } from './openai-cover-art';

/** A local server speaking the Images API: what it was asked, and what it answers. */
let server: Server;
let baseUrl = '';
let lastRequest: { path: string; auth: string | undefined; body: Record<string, unknown> } | undefined;
let answer: (res: ServerResponse) => void = () => undefined;
let png: Buffer;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      resolve(text);
    });
  });
}

beforeAll(async () => {
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#0af' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    void readBody(req).then((text) => {
      if (req.url === '/download.png') {
        res.writeHead(200, { 'content-type': 'image/png' }).end(png);
        return;
      }
      lastRequest = {
        path: req.url ?? '',
        auth: req.headers.authorization,
        body: JSON.parse(text) as Record<string, unknown>,
      };
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('OpenAI Images cover art', () => {
  const provider = () => createOpenAiCoverArt({ apiKey: 'sk-test', baseUrl, model: 'dall-e-3' });

  it('posts the prompt with the key and decodes the inline image', async () => {
    answer = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: [{ b64_json: png.toString('base64') }] }));
    const image = await provider().generate('neon ocean', 0);
    expect(image.equals(png)).toBe(true);
    expect(lastRequest).toMatchObject({ path: '/v1/images/generations', auth: 'Bearer sk-test' });
    expect(lastRequest?.body).toMatchObject({
      model: 'dall-e-3',
      size: '1024x1024',
      n: 1,
      response_format: 'b64_json',
    });
    expect(String(lastRequest?.body.prompt)).toContain('neon ocean');
    expect(String(lastRequest?.body.prompt)).toMatch(/no text/i);
  });

  it('downloads an image given as a URL', async () => {
    answer = (res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ data: [{ url: `${baseUrl}/download.png` }] }));
    expect((await provider().generate('x', 0)).equals(png)).toBe(true);
  });

  it('rejects an error answer or an answer without an image', async () => {
    answer = (res) =>
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"bad"}}');
    await expect(provider().generate('x', 0)).rejects.toThrow(/400/);
    answer = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[{}]}');
    await expect(provider().generate('x', 0)).rejects.toThrow(/no image/);
  });
});
