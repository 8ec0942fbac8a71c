import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts-helpers';
import { createTestApp } from '../../test/app';
import { createElevenLabsClient } from '../elevenlabs/elevenlabs-client';
import { createOpenAiStt } from '../stt/openai-stt';
import { createElevenLabsVoiceAgent } from './voice-agent';

/** A local stand-in for ElevenLabs' signed-URL endpoint and an OpenAI-compatible transcription API. */
function fakeApis(seen: { url: string; key?: string; auth?: string; body: string }[]) {
  return createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
    request.on('end', () => {
      seen.push({
        url: request.url ?? '',
        key: request.headers['xi-api-key'] as string | undefined,
        auth: request.headers.authorization,
        body,
      });
      response.setHeader('Content-Type', 'application/json');
      if (request.url?.startsWith('/v1/convai/conversation/get-signed-url')) {
        if (request.headers['xi-api-key'] !== 'xi-test') {
          response.statusCode = 401;
          response.end(JSON.stringify({ detail: { status: 'invalid_api_key', message: 'Invalid API key' } }));
          return;
        }
        response.end(
          JSON.stringify({
            signed_url:
              'wss://api.elevenlabs.io/v1/convai/conversation?agent_id=agent_1&conversation_signature=sig',
          }),
        );
        return;
      }
      if (request.url === '/v1/audio/transcriptions') {
        if (request.headers.authorization !== 'Bearer sk-test') {
          response.statusCode = 401;
          response.end(JSON.stringify({ error: { message: 'bad key' } }));
          return;
        }
        response.end(JSON.stringify({ text: ' How do I EQ a kick? ' }));
        return;
      }
      response.statusCode = 404;
      response.end('{}');
    });
  });
}

describe('the voice agent and speech-to-text providers against local fakes', () => {
  let server: Server;
  let base: string;
  const seen: { url: string; key?: string; auth?: string; body: string }[] = [];
  beforeAll(async () => {
    server = fakeApis(seen);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  );

  it('asks ElevenLabs for a signed URL with the key and names the socket origin', async () => {
    const agent = createElevenLabsVoiceAgent(createElevenLabsClient({ apiKey: 'xi-test', baseUrl: base }), {
      agentId: 'agent_1',
      baseUrl: 'https://api.elevenlabs.io',
    });
    if (agent.kind !== 'elevenlabs') throw new Error('expected the ElevenLabs agent');
    expect(agent.origins).toEqual(['wss://api.elevenlabs.io']);
    expect(await agent.signedUrl()).toMatch(
      /^wss:\/\/api\.elevenlabs\.io\/v1\/convai\/conversation\?agent_id=agent_1/,
    );
    expect(seen.at(-1)).toMatchObject({
      url: '/v1/convai/conversation/get-signed-url?agent_id=agent_1',
      key: 'xi-test',
    });

    const wrongKey = createElevenLabsVoiceAgent(createElevenLabsClient({ apiKey: 'nope', baseUrl: base }), {
      agentId: 'agent_1',
      baseUrl: base,
    });
    if (wrongKey.kind !== 'elevenlabs') throw new Error('expected the ElevenLabs agent');
    await expect(wrongKey.signedUrl()).rejects.toMatchObject({ status: 401, message: 'Invalid API key' });
  });

  it('transcribes a WAV through an OpenAI-compatible endpoint, multipart with the model', async () => {
    const stt = createOpenAiStt({ baseUrl: `${base}/v1`, apiKey: 'sk-test', model: 'whisper-1' });
    expect(stt.name).toBe('openai-compatible (whisper-1)');
    expect(await stt.transcribe?.(Buffer.from('RIFF....WAVE'))).toBe('How do I EQ a kick?');
    const request = seen.at(-1);
    expect(request?.auth).toBe('Bearer sk-test');
    expect(request?.body).toContain('name="model"\r\n\r\nwhisper-1');
    expect(request?.body).toContain('filename="speech.wav"');
    const refused = createOpenAiStt({ baseUrl: `${base}/v1`, apiKey: 'sk-bad', model: 'whisper-1' });
    await expect(refused.transcribe?.(Buffer.from('x'))).rejects.toThrow('transcription failed (401)');
  });

  it('hands the browser the ElevenLabs signed URL and lets the page connect to it', async () => {
    const t = await createTestApp({
      ELEVENLABS_API_KEY: 'xi-test',
      ELEVENLABS_BASE_URL: base,
      ELEVENLABS_AGENT_ID: 'agent_1',
    });
    try {
      const artist = await signUp(t.app, 'artist');
      const res = await artist.get('/api/tutor/voice-agent/session');
      expect(res.statusCode).toBe(200);
      const session = res.json<{ kind: string; signedUrl: string }>();
      expect(session.kind).toBe('elevenlabs');
      expect(session.signedUrl).toMatch(/^wss:\/\/api\.elevenlabs\.io\//);
      expect(res.headers['content-security-policy']).toMatch(
        /connect-src 'self'[^;]* ws:\/\/127\.0\.0\.1:\d+/,
      );
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ providers: { voiceAgent: 'elevenlabs (agent agent_1)' } });
    } finally {
      await t.close();
    }
  });
});
