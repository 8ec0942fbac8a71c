import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  formsEndpoints,
  healthEndpoints,
  kitEndpoints,
  klangPacksEndpoints,
  LOCAL_AGENT_ID,
  tracksEndpoints,
  tutorEndpoints,
  UPLOAD_GENRES,
  type ArtistTracksResponse,
  type CoverArtResult,
  type HealthResponse,
  type Pack,
  type PackPhoto,
  type PackResult,
  type TutorResponse,
  type VoiceAgentSession,
} from '@klang/domain';
import { eventually, generateVocals, proArtist } from './support/accounts';
import { chordWav, decodeMp3, rms, SILENCE_RMS } from './support/audio';
import { startCompiledServer, type CompiledServer } from './support/compiled-server';
import type { HttpSession } from './support/http-session';
import { firstSecondOfAnswer } from './support/voice-agent';

let server: CompiledServer;
let artist: Awaited<ReturnType<typeof proArtist>>;
let http: HttpSession;

beforeAll(async () => {
  // No demo content: seeding renders music for minutes; the tier makes what it needs over HTTP.
  server = await startCompiledServer({
    env: { SEED: 'false', PACK_LOCAL_TRAINING_SECONDS: '1', PACK_CHECK_SECONDS: '0.5' },
  });
  return () => server.stop();
});
beforeAll(async () => {
  artist = await proArtist(server.origin);
  http = artist.http;
});

/** Checks an answer's status, naming the server's message and log when it is not the one expected. */
async function expectStatus(response: Response, status: number): Promise<Response> {
  if (response.status !== status) {
    expect.fail(
      `${response.url} answered ${String(response.status)}: ${await response.text()}\n${server.log().slice(-3000)}`,
    );
  }
  return response;
}

async function mp3Of(response: Response) {
  await expectStatus(response, 200);
  expect(response.headers.get('content-type')).toMatch(/^audio\/mpeg/);
  return decodeMp3(new Uint8Array(await response.arrayBuffer()));
}

describe('the compiled server on a machine without Debian tools', () => {
  it('reports the embedded engines: PGlite and the WebAssembly eSpeak NG', async () => {
    const health = await http.json<HealthResponse>(healthEndpoints.health);
    expect(health).toMatchObject({ database: 'pglite', providers: { tts: 'espeak-ng-wasm' } });
  });

  it('takes an upload to ready, its sound measured in the compiled measure worker', async () => {
    const upload = await http.json<{ track: { id: string } }>(
      tracksEndpoints.uploadTrack,
      {
        query: { title: 'Fresh Chord', genre: UPLOAD_GENRES[0] ?? '' },
        bytes: { data: chordWav(4), type: 'audio/wav' },
      },
      201,
    );
    const track = await eventually('the upload becoming ready', 60, async () => {
      const { tracks } = await http.json<ArtistTracksResponse>(tracksEndpoints.listTracks);
      const found = tracks.find((t) => t.id === upload.track.id);
      if (found?.status === 'failed') throw new Error(`the upload failed: ${String(found.failureReason)}`);
      return found?.status === 'ready' ? found : undefined;
    });
    expect(track.durationMs).toBeGreaterThan(3_900);
    expect(track.durationMs).toBeLessThan(4_100);
    // A measurement that fails leaves the track ready but unmeasured (decision 0264): only a
    // measured key says the worker's entry point was built and ran.
    expect(track.sound?.key).toMatch(/^(1[0-2]|[1-9])[AB]$/);
  });

  it('makes a sound in SoundLab', async () => {
    const sound = await mp3Of(
      await http.call(kitEndpoints.generateSoundFx, { json: { prompt: 'deep kick drum, 2 seconds' } }),
    );
    expect(sound.seconds).toBeGreaterThan(0.5);
    expect(sound.seconds).toBeLessThan(10);
    expect(sound.level).toBeGreaterThan(SILENCE_RMS);
  });

  it.each(['speak', 'sing'] as const)('voices words in VocalLab (%s)', async (mode) => {
    const vocals = await mp3Of(await generateVocals(http, mode));
    expect(vocals.seconds).toBeGreaterThan(1);
    expect(vocals.seconds).toBeLessThan(30);
    expect(vocals.level).toBeGreaterThan(SILENCE_RMS);
  });

  it('speaks the tutor’s reply', async () => {
    const reply = await http.json<TutorResponse>(tutorEndpoints.tutorResponse, {
      json: { prompt: 'How do I make my kick drum punchier?' },
    });
    expect(reply.content.length).toBeGreaterThan(20);
    expect(reply.audio).not.toBeNull();
    const speech = await decodeMp3(Buffer.from(reply.audio ?? '', 'base64'));
    expect(speech.seconds).toBeGreaterThan(1);
    expect(speech.level).toBeGreaterThan(SILENCE_RMS);
  });

  it('speaks the voice agent’s answer on its socket', async () => {
    const { signedUrl } = await http.json<VoiceAgentSession>(tutorEndpoints.voiceAgentSession);
    expect(signedUrl).toContain(`agent_id=${LOCAL_AGENT_ID}`);
    const { samples, sampleRate } = await firstSecondOfAnswer(
      signedUrl,
      { origin: server.origin, cookie: http.cookieHeader() },
      'How loud should my mix be?',
    );
    expect(sampleRate).toBeGreaterThanOrEqual(8_000);
    expect(samples.length).toBe(sampleRate);
    expect(rms(samples)).toBeGreaterThan(SILENCE_RMS);
  });

  it('paints a cover', async () => {
    const cover = await http.json<CoverArtResult>(tracksEndpoints.generateCoverArt, {
      json: { prompt: 'neon city at night' },
    });
    const image = await sharp(await http.bytes(cover.url)).metadata();
    expect(image).toMatchObject({ width: 1000, height: 1000 });
  });

  it('trains a Klang Pack and takes a press shot', async () => {
    const photos = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        portrait(['#4a6078', '#6b5a4a', '#3f4f3a', '#5a4a6b'][i % 4] ?? '#444', i),
      ),
    );
    const uploaded: PackPhoto[] = [];
    for (const photo of photos) {
      uploaded.push(
        await http.json<PackPhoto>(
          klangPacksEndpoints.uploadPackPhoto,
          { bytes: { data: photo, type: 'image/jpeg' } },
          201,
        ),
      );
    }
    const urls = uploaded.map((photo) => photo.url);
    const { pack_id } = await http.json<{ pack_id: string }>(klangPacksEndpoints.trainKlangPack, {
      json: {
        user_id: artist.session.user.id,
        image_urls: urls,
        pack_name: 'Fresh',
        preview_image_url: urls[0],
        consent: true,
      },
    });
    await eventually('the pack becoming ready', 60, async () => {
      const { pack } = await http.json<{ pack: Pack }>(klangPacksEndpoints.klangPack, {
        params: { packId: pack_id },
      });
      if (pack.status === 'error') throw new Error('the pack failed to train');
      return pack.status === 'ready' ? pack : undefined;
    });
    const [shot] = await http.json<PackResult[]>(klangPacksEndpoints.generateKlangImage, {
      json: { user_id: artist.session.user.id, pack_id, prompt: 'moody club portrait, neon lights' },
    });
    const image = await sharp(await http.bytes(shot?.image_url ?? '')).metadata();
    expect(image).toMatchObject({ format: 'jpeg', width: 768, height: 960 });
  });

  it('hands out an ALTCHA challenge that a solved form passes', async () => {
    expect(await http.json(formsEndpoints.captchaConfig)).toMatchObject({ provider: 'altcha' });
    const challenge = await http.json<Challenge>(formsEndpoints.captchaChallenge);
    // What the widget needs to work: the algorithm, its inputs, and the server's signature.
    expect(challenge.parameters.algorithm).toBe('SHA-256');
    expect(challenge.parameters.nonce).toMatch(/^[0-9a-f]+$/);
    expect(challenge.parameters.salt).toMatch(/^[0-9a-f]+$/);
    expect(challenge.signature).toMatch(/^[0-9a-f]+$/);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    const token = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    await http.json(
      formsEndpoints.submitBugReport,
      {
        json: {
          name: 'Fresh',
          email: 'fresh@example.com',
          description: 'Checked on a fresh machine',
          captcha_token: token,
        },
      },
      201,
    );
  });
});

/** A head-and-shoulders photo against a wall, the face a little further right in each. */
function portrait(wall: string, i: number): Promise<Buffer> {
  const x = 105 + (i % 5) * 20;
  const y = 110 + (i % 3) * 12;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
    <rect width="100%" height="100%" fill="${wall}"/>
    <ellipse cx="${String(x)}" cy="${String(y + 170)}" rx="110" ry="115" fill="#1d1d22"/>
    <ellipse cx="${String(x)}" cy="${String(y)}" rx="33" ry="44" fill="#e0ac86"/>
    <ellipse cx="${String(x - 12)}" cy="${String(y - 6)}" rx="4" ry="3" fill="#222"/>
    <ellipse cx="${String(x + 12)}" cy="${String(y - 6)}" rx="4" ry="3" fill="#222"/>
    <path d="M${String(x - 34)} ${String(y - 12)} Q${String(x)} ${String(y - 70)} ${String(x + 34)} ${String(y - 12)}" fill="#3a2a1a"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
