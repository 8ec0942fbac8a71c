import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatProviderError } from './chat';
import { createOpenAiChat } from './openai-chat';

interface Seen {
  url: string;
  authorization: string | undefined;
  body: { model: string; stream: boolean; messages: { role: string; content: string }[] };
}

/** A local stand-in for an OpenAI-compatible server: answers by the user's last message. */
function fakeServer(seen: Seen[]) {
  return createServer((request: IncomingMessage, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(raw) as Seen['body'];
      seen.push({ url: request.url ?? '', authorization: request.headers.authorization, body });
      const question = body.messages.at(-1)?.content ?? '';
      if (request.headers.authorization !== 'Bearer sk-test') {
        response.writeHead(401, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({ error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } }),
        );
        return;
      }
      if (question === 'html please') {
        response.writeHead(502, { 'Content-Type': 'text/html' });
        response.end('<html>Bad gateway</html>');
        return;
      }
      const reply = `You asked: ${question}`;
      if (!body.stream) {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: reply } }] }),
        );
        return;
      }
      response.writeHead(200, { 'Content-Type': 'text/event-stream' });
      const words = reply.split(/(?<= )/);
      const events = [
        ...words.map((word) => ({ choices: [{ index: 0, delta: { content: word }, finish_reason: null }] })),
        { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
        { choices: [], usage: { total_tokens: 12 } },
      ].map((event) => `data: ${JSON.stringify(event)}\n\n`);
      // Split the stream mid-event so the client must buffer across chunks.
      const text = `${events.join('')}data: [DONE]\n\n`;
      const cut = Math.floor(text.length / 3);
      response.write(text.slice(0, cut));
      setTimeout(() => response.end(text.slice(cut)), 10);
    });
  });
}

describe('the OpenAI-compatible chat client', () => {
  let server: Server;
  let baseUrl: string;
  const seen: Seen[] = [];
  beforeAll(async () => {
    server = fakeServer(seen);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  );

  const lastSeen = () => {
    const request = seen.at(-1);
    if (!request) throw new Error('the fake server saw no request');
    return request;
  };

  const messages = [
    { role: 'system' as const, content: 'You are Abel.' },
    { role: 'user' as const, content: 'punchy drums?' },
  ];

  it('posts the model and messages with the bearer key and reads the whole reply', async () => {
    const chat = createOpenAiChat({ baseUrl: `${baseUrl}/`, apiKey: 'sk-test', model: 'tiny' });
    expect(chat.name).toBe('openai-compatible (tiny)');
    expect(await chat.complete(messages)).toBe('You asked: punchy drums?');
    const request = lastSeen();
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.authorization).toBe('Bearer sk-test');
    expect(request.body).toMatchObject({ model: 'tiny', stream: false, messages });
  });

  it('streams the reply piece by piece from server-sent events, ending at [DONE]', async () => {
    const chat = createOpenAiChat({ baseUrl, apiKey: 'sk-test', model: 'tiny' });
    const pieces: string[] = [];
    for await (const piece of chat.stream(messages)) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe('You asked: punchy drums?');
    expect(lastSeen().body.stream).toBe(true);
  });

  it('turns an error body, a non-JSON error and an unreachable server into ChatProviderError', async () => {
    const wrongKey = createOpenAiChat({ baseUrl, apiKey: 'sk-wrong', model: 'tiny' });
    const refused = wrongKey.complete(messages);
    await expect(refused).rejects.toBeInstanceOf(ChatProviderError);
    await expect(refused).rejects.toMatchObject({
      status: 401,
      message: 'chat completion failed (401): Incorrect API key provided',
    });
    await expect(async () => {
      for await (const piece of wrongKey.stream(messages)) expect(piece).toBeUndefined();
    }).rejects.toMatchObject({ status: 401 });

    const chat = createOpenAiChat({ baseUrl, apiKey: 'sk-test', model: 'tiny' });
    await expect(chat.complete([{ role: 'user', content: 'html please' }])).rejects.toThrow(
      'chat completion failed (502): HTTP 502',
    );

    const nowhere = createOpenAiChat({ baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', model: 'tiny' });
    await expect(nowhere.complete(messages)).rejects.toBeInstanceOf(ChatProviderError);
  });
});
