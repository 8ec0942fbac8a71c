import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElevenLabsClient } from '../elevenlabs/elevenlabs-client';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../test/fakes/fake-elevenlabs';
import { createElevenLabsTts } from './elevenlabs-tts';

describe('ElevenLabs text to speech and voices', () => {
  let fake: FakeElevenLabs;
  beforeAll(async () => {
    fake = await startFakeElevenLabs();
  });
  afterAll(() => fake.close());

  const tts = () => createElevenLabsTts(createElevenLabsClient({ apiKey: 'xi-test', baseUrl: fake.baseUrl }));
  const request = {
    text: 'hello there',
    voiceId: 'JBFqnCBsd6RMkjVDRZzb',
    stability: 0.3,
    similarityBoost: 0.8,
    style: 0.1,
  };

  it('lists voices from GET /v1/voices in the spec shape', async () => {
    fake.answer(200, {
      voices: [
        {
          voice_id: 'v1',
          name: 'Rachel',
          category: 'premade',
          labels: { accent: 'american' },
          preview_url: 'x',
        },
        { voice_id: 'v2', name: 'Mine', category: 'cloned' },
      ],
    });
    expect(await tts().listVoices()).toEqual([
      { voice_id: 'v1', name: 'Rachel', category: 'premade' },
      { voice_id: 'v2', name: 'Mine', category: 'cloned' },
    ]);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', url: '/v1/voices', apiKey: 'xi-test' });
  });

  it('moves speed into voice_settings and clamps it to what the API accepts', async () => {
    const mp3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, 9]);
    for (const [speed, sent] of [
      [4, 1.2],
      [0.1, 0.7],
      [1.1, 1.1],
    ] as const) {
      fake.answer(200, mp3);
      expect((await tts().synthesize({ ...request, speed })).audio).toEqual(mp3);
      expect(fake.requests.at(-1)).toEqual({
        method: 'POST',
        url: '/v1/text-to-speech/JBFqnCBsd6RMkjVDRZzb?output_format=mp3_44100_128',
        apiKey: 'xi-test',
        body: {
          text: 'hello there',
          model_id: 'eleven_multilingual_v2',
          voice_settings: { stability: 0.3, similarity_boost: 0.8, style: 0.1, speed: sent },
        },
      });
    }
  });

  it('passes on the messages of its error bodies', async () => {
    fake.answer(401, { detail: { status: 'invalid_api_key', message: 'Invalid API key' } });
    await expect(tts().synthesize({ ...request, speed: 1 })).rejects.toMatchObject({
      status: 401,
      message: 'Invalid API key',
    });
    fake.answer(422, {
      detail: [
        {
          loc: ['body', 'voice_settings', 'stability'],
          msg: 'ensure this value is less than or equal to 1',
          type: 'x',
        },
      ],
    });
    await expect(tts().synthesize({ ...request, speed: 1 })).rejects.toMatchObject({ status: 422 });
    fake.answer(200, { unexpected: true });
    await expect(tts().listVoices()).rejects.toThrow();
  });
});
