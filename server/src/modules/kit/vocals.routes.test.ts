import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_MESSAGES, voicesResponseSchema } from '@klang/domain';
import { decodeToMono } from '../../providers/audio/ffmpeg';
import { signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';

const body = (change: Record<string, unknown> = {}) => ({
  prompt: 'Turn the lights down low',
  voice_id: 'local-ben',
  voice_settings: { stability: 0.5, similarity_boost: 0.5, style: 0.5 },
  speed: 1,
  ...change,
});

describe('get-voices and generate-vocals on eSpeak NG', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function proArtist() {
    const artist = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
    return artist;
  }

  it('lists voices and speaks a vocal as MP3 for a pro artist', async () => {
    const artist = await proArtist();
    const voices = voicesResponseSchema.parse((await artist.get('/functions/v1/get-voices')).json()).voices;
    expect(voices.map((v) => v.voice_id)).toContain('local-ben');
    const res = await artist.post('/functions/v1/generate-vocals', body());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    const pcm = await decodeToMono(res.rawPayload);
    expect(pcm.samples.length / pcm.sampleRate).toBeGreaterThan(0.8);
  });

  it('sings the lyric in a key and tempo, and bounds what one sung take may hold', async () => {
    const artist = await proArtist();
    const sung = await artist.post('/functions/v1/generate-vocals', {
      ...body(),
      prompt: 'Hold on to the night',
      mode: 'sing',
      key: 'A',
      scale: 'minor',
      bpm: 90,
    });
    expect(sung.statusCode).toBe(200);
    expect(sung.headers['content-type']).toBe('audio/mpeg');
    const pcm = await decodeToMono(sung.rawPayload);
    // Five words, six beats and a rest at 90 BPM: about five seconds, not a spoken second.
    expect(pcm.samples.length / pcm.sampleRate).toBeGreaterThan(4);
    const long = await artist.post('/functions/v1/generate-vocals', {
      ...body(),
      prompt: Array.from({ length: 81 }, () => 'la').join(' '),
      mode: 'sing',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: KIT_MESSAGES.singTooLong });
    for (const change of [{ key: 'H' }, { scale: 'dorian' }, { bpm: 20 }, { bpm: 400 }, { mode: 'rap' }]) {
      const res = await artist.post('/functions/v1/generate-vocals', { ...body(), mode: 'sing', ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
  });

  it('refuses free artists, listeners and signed-out users', async () => {
    const free = await signUp(t.app, 'artist');
    expect((await free.get('/functions/v1/get-voices')).statusCode).toBe(403);
    expect((await free.post('/functions/v1/generate-vocals', body())).json()).toMatchObject({
      error: KIT_MESSAGES.kitBlocked,
    });
    const listener = await signUp(t.app, 'listener');
    expect((await listener.post('/functions/v1/generate-vocals', body())).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/functions/v1/get-voices' })).statusCode).toBe(401);
  });

  it("answers bad input with the spec's messages", async () => {
    const artist = await proArtist();
    const cases: [Record<string, unknown>, string][] = [
      [{ prompt: '  ' }, KIT_MESSAGES.enterPrompt],
      [{ voice_id: '' }, KIT_MESSAGES.selectVoice],
      [{ voice_id: 'nobody' }, KIT_MESSAGES.voiceNotFound],
      [{ prompt: 'la '.repeat(800), speed: 0.1 }, KIT_MESSAGES.vocalTooLong],
    ];
    for (const [change, message] of cases) {
      const res = await artist.post('/functions/v1/generate-vocals', body(change));
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toMatchObject({ error: message });
    }
    for (const change of [
      { speed: 4.5 },
      { speed: 0 },
      { voice_settings: { stability: 2, similarity_boost: 0, style: 0 } },
    ]) {
      expect((await artist.post('/functions/v1/generate-vocals', body(change))).statusCode).toBe(400);
    }
  });
});

describe('generate-vocals on a fresh machine (no eSpeak NG binary)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ESPEAK_NG_PATH: '/nonexistent/espeak-ng' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('speaks with the WebAssembly build and says so in health', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ providers: { tts: 'espeak-ng-wasm' } });
    const artist = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'trial' where id = $1`, [artist.id]);
    const res = await artist.post('/functions/v1/generate-vocals', body());
    expect(res.statusCode).toBe(200);
    const pcm = await decodeToMono(res.rawPayload);
    expect(pcm.samples.length / pcm.sampleRate).toBeGreaterThan(0.8);
  });
});

describe('generate-vocals when the binary is required and missing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ESPEAK_NG_PATH: '/nonexistent/espeak-ng', ESPEAK_NG_ENGINE: 'binary' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the missing engine clearly, in health and on the call', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ providers: { tts: 'espeak-ng (not installed)' } });
    const artist = await signUp(t.app, 'artist');
    await t.db.query(`update artist_profiles set subscription_tier = 'trial' where id = $1`, [artist.id]);
    const res = await artist.post('/functions/v1/generate-vocals', body());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: KIT_MESSAGES.ttsEngineMissing });
  });
});
