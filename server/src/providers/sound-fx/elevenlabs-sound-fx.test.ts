import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createElevenLabsClient, ElevenLabsError } from '../elevenlabs/elevenlabs-client';
import { startFakeElevenLabs, type FakeElevenLabs } from '../../test/fakes/fake-elevenlabs';
import { createElevenLabsSoundFx } from './elevenlabs-sound-fx';

describe('ElevenLabs sound generation', () => {
  let fake: FakeElevenLabs;
  beforeAll(async () => {
    fake = await startFakeElevenLabs();
  });
  afterAll(() => fake.close());

  const provider = () =>
    createElevenLabsSoundFx(createElevenLabsClient({ apiKey: 'xi-test', baseUrl: fake.baseUrl }));

  it('posts the prompt as text to /v1/sound-generation and returns the audio it streams', async () => {
    const mp3 = Buffer.from([0xff, 0xfb, 0x90, 0x64, 1, 2, 3]);
    fake.answer(200, mp3);
    const result = await provider().generate('glass shattering on concrete');
    expect(result).toEqual({ audio: mp3, contentType: 'audio/mpeg' });
    expect(fake.requests.at(-1)).toEqual({
      method: 'POST',
      url: '/v1/sound-generation?output_format=mp3_44100_128',
      apiKey: 'xi-test',
      body: { text: 'glass shattering on concrete', duration_seconds: null, prompt_influence: 0.3 },
    });
  });

  it('reads the message of a quota error body', async () => {
    fake.answer(401, {
      detail: { status: 'quota_exceeded', message: 'This request exceeds your quota of 10000.' },
    });
    const error = await provider()
      .generate('kick')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ElevenLabsError);
    expect(error).toMatchObject({
      status: 401,
      detailStatus: 'quota_exceeded',
      message: 'This request exceeds your quota of 10000.',
    });
  });

  it('reads the issues of a 422 validation body', async () => {
    fake.answer(422, {
      detail: [{ loc: ['body', 'text'], msg: 'field required', type: 'value_error.missing' }],
    });
    await expect(provider().generate('kick')).rejects.toMatchObject({
      status: 422,
      message: 'field required',
    });
  });

  it('reports a body that is not JSON by its status', async () => {
    fake.answer(502, Buffer.from('<html>bad gateway</html>'), 'text/html');
    await expect(provider().generate('kick')).rejects.toMatchObject({ status: 502, message: 'HTTP 502' });
  });
});
