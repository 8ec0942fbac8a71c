import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillPath,
  KIT_LIMITS,
  kitEndpoints,
  klangPacksEndpoints,
  PACKS,
  TUTOR_LIMITS,
  tutorEndpoints,
  type Endpoint,
} from '@klang/domain';
import { nextAddress, signUp, type Client } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';

/**
 * Every Kit tool that costs work is limited per account, whatever address the calls come from
 * (performance-and-security.md; decision 0030), read from the contract's entries so that a route
 * registered from the table is held to the table's limits. A free artist's calls are refused by
 * the tier gate after the limit has counted them, which makes the count cheap to reach; the voice
 * agent's session is free to every artist, and answers.
 */
const uuid = () => crypto.randomUUID();
const photos = Array.from({ length: PACKS.imagesMin }, () =>
  fillPath(klangPacksEndpoints.packPhoto.path, { photoId: uuid() }),
);

const LIMITED: { entry: Endpoint; max: number; status: number; payload?: (client: Client) => unknown }[] = [
  {
    entry: kitEndpoints.generateSoundFx,
    max: KIT_LIMITS.soundFxPerWindow,
    status: 403,
    payload: () => ({ prompt: 'kick' }),
  },
  { entry: kitEndpoints.getVoices, max: 60, status: 403 },
  {
    entry: kitEndpoints.generateVocals,
    max: KIT_LIMITS.vocalsPerMinute,
    status: 403,
    payload: () => ({
      prompt: 'la la',
      voice_id: 'v1',
      voice_settings: { stability: 0.5, similarity_boost: 0.5, style: 0 },
    }),
  },
  {
    entry: tutorEndpoints.abelResponse,
    max: TUTOR_LIMITS.requestsPerMinute,
    status: 403,
    payload: () => ({ prompt: 'drums?' }),
  },
  { entry: tutorEndpoints.voiceAgentSession, max: 20, status: 200 },
  {
    entry: klangPacksEndpoints.trainKlangPack,
    max: 10,
    status: 403,
    payload: (client) => ({
      user_id: client.id,
      image_urls: photos,
      pack_name: 'me',
      preview_image_url: photos[0],
      consent: true,
    }),
  },
  {
    entry: klangPacksEndpoints.generateKlangImage,
    max: 20,
    status: 403,
    payload: (client) => ({ user_id: client.id, pack_id: uuid(), prompt: 'neon' }),
  },
];

describe('the Kit’s per-account limits, entry by entry', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  function send(client: Client, entry: Endpoint, payload: unknown) {
    return t.app.inject({
      method: entry.method,
      url: entry.path,
      headers: { cookie: client.cookie },
      remoteAddress: nextAddress(),
      ...(payload !== undefined && { payload: payload as object }),
    });
  }

  for (const { entry, max, status, payload } of LIMITED) {
    it(`${entry.name}: ${String(max)} per account, then 429`, async () => {
      const artist = await signUp(t.app, 'artist');
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) statuses.push((await send(artist, entry, payload?.(artist))).statusCode);
      expect(
        statuses.slice(0, max).every((s) => s === status),
        String(statuses.slice(0, max)),
      ).toBe(true);
      expect(statuses.at(-1)).toBe(429);
      // The limit is the account's own: another artist is not held by it.
      const other = await signUp(t.app, 'artist');
      expect((await send(other, entry, payload?.(other))).statusCode).toBe(status);
    });
  }

  it(`uploadPackPhoto: ${String(PACKS.imagesMax * 4)} photos an hour per account, then 429`, async () => {
    const artist = await signUp(t.app, 'artist');
    const upload = () =>
      t.app.inject({
        method: klangPacksEndpoints.uploadPackPhoto.method,
        url: klangPacksEndpoints.uploadPackPhoto.path,
        payload: Buffer.from('not a photo'),
        headers: { cookie: artist.cookie, 'content-type': 'image/jpeg' },
        remoteAddress: nextAddress(),
      });
    const statuses: number[] = [];
    for (let i = 0; i <= PACKS.imagesMax * 4; i++) statuses.push((await upload()).statusCode);
    expect(statuses.slice(0, -1).every((s) => s === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
