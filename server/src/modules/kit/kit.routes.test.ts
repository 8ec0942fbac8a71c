import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KIT_LIMITS, KIT_MESSAGES, MESSAGES } from '@klang/domain';
import { decodeToMono } from '../../providers/audio/ffmpeg';
import { nextAddress, signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';

const SOUNDFX = '/functions/v1/generate-soundfx';

async function setTier(t: TestApp, accountId: string, tier: 'free' | 'trial' | 'pro') {
  await t.db.query('update artist_profiles set subscription_tier = $2 where id = $1', [accountId, tier]);
}

describe('Kit gating and generate-soundfx on the local engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses signed-out users with the spec error shape', async () => {
    const res = await t.app.inject({ method: 'POST', url: SOUNDFX, payload: { prompt: 'kick' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: MESSAGES.userNotAuthenticated, code: 'UNAUTHENTICATED' });
  });

  it('refuses listeners and free artists, and serves trial and pro artists real MP3', async () => {
    const listener = await signUp(t.app, 'listener');
    const listenerRes = await listener.post(SOUNDFX, { prompt: 'kick' });
    expect(listenerRes.statusCode).toBe(403);
    expect(listenerRes.json()).toMatchObject({ error: KIT_MESSAGES.kitBlocked, code: 'FORBIDDEN' });

    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'free');
    expect((await artist.post(SOUNDFX, { prompt: 'kick' })).statusCode).toBe(403);

    for (const tier of ['trial', 'pro'] as const) {
      await setTier(t, artist.id, tier);
      const res = await artist.post(SOUNDFX, { prompt: 'short bright snare' });
      expect(res.statusCode, tier).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      const pcm = await decodeToMono(res.rawPayload);
      expect(pcm.samples.length / pcm.sampleRate).toBeGreaterThan(0.1);
    }
  });

  it('refuses a blank or overlong prompt with the message, before any work', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const blank = await artist.post(SOUNDFX, { prompt: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: KIT_MESSAGES.enterPrompt, code: 'VALIDATION_FAILED' });
    const long = await artist.post(SOUNDFX, { prompt: 'k'.repeat(KIT_LIMITS.soundPromptMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({ error: KIT_MESSAGES.promptTooLong });
  });

  it('lets an artist work (30 presses of four takes in ten minutes) and still limits each account', async () => {
    expect(KIT_LIMITS.soundFxPerWindow).toBeGreaterThanOrEqual(30 * KIT_LIMITS.generationsPerClick);
    expect(KIT_LIMITS.soundFxWindow).toBe('10 minutes');
    // A prompt the body's schema refuses is counted first: cheap to make.
    const artist = await signUp(t.app, 'artist');
    const other = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    await setTier(t, other.id, 'pro');
    const statuses: number[] = [];
    for (let i = 0; i <= KIT_LIMITS.soundFxPerWindow; i++) {
      statuses.push((await artist.post(SOUNDFX, { prompt: 7 }, nextAddress())).statusCode);
    }
    expect(statuses.slice(0, KIT_LIMITS.soundFxPerWindow).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The window is ten minutes: the count is still there a minute later.
    await t.db.query(
      `update rate_limits set reset_at = reset_at - interval '1 minute' where key like '%' || $1 || '%'`,
      [artist.id],
    );
    expect((await artist.post(SOUNDFX, { prompt: 7 }, nextAddress())).statusCode).toBe(429);
    expect((await other.post(SOUNDFX, { prompt: 7 })).statusCode).toBe(400);
  });
});

describe('generate-soundfx when the provider fails', () => {
  let t: TestApp;
  let fake: Server;
  beforeAll(async () => {
    fake = createServer((_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ detail: { status: 'quota_exceeded', message: 'This request exceeds your quota' } }),
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    t = await createTestApp({
      ELEVENLABS_API_KEY: 'test-key',
      ELEVENLABS_BASE_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await t.close();
    fake.close();
  });

  it("answers with the spec's message and no provider detail", async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const res = await artist.post(SOUNDFX, { prompt: 'kick' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      error: KIT_MESSAGES.failedToGenerateSounds,
      message: KIT_MESSAGES.failedToGenerateSounds,
      code: 'UNAVAILABLE',
    });
  });

  it('costs nothing: failed generations do not count toward the limit', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const statuses: number[] = [];
    for (let i = 0; i < KIT_LIMITS.soundFxPerWindow + 3; i++) {
      statuses.push((await artist.post(SOUNDFX, { prompt: 'kick' }, nextAddress())).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([503]));
  });
});
