import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KIT_MESSAGES,
  MESSAGES,
  TUTOR_LIMITS,
  TUTOR_MESSAGES,
  tutorResponseSchema,
  voiceAgentHearingSchema,
  voiceAgentSessionSchema,
} from '@klang/domain';
import { decodeToMono } from '../../providers/audio/ffmpeg';
import { nextAddress, signUp } from '../../test/accounts-helpers';
import { createTestApp, type TestApp } from '../../test/app';
import { insertAccount, insertTrack } from '../../test/catalogue-fixtures';

const TUTOR = '/functions/v1/tutor-response';
const ABEL = '/functions/v1/abel-response';
const SESSION = '/api/tutor/voice-agent/session';
const HEARING = '/api/tutor/voice-agent/hearing';

async function setTier(t: TestApp, accountId: string, tier: 'free' | 'trial' | 'pro') {
  await t.db.query('update artist_profiles set subscription_tier = $2 where id = $1', [accountId, tier]);
}

describe('the tutor functions on the local tutor', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses signed-out users, listeners and free artists as the Kit does', async () => {
    const signedOut = await t.app.inject({ method: 'POST', url: TUTOR, payload: { prompt: 'drums?' } });
    expect(signedOut.statusCode).toBe(401);
    // Spec 002 §7: tutor-response's error body is read for `message`.
    expect(signedOut.json()).toMatchObject({
      error: MESSAGES.userNotAuthenticated,
      message: MESSAGES.userNotAuthenticated,
    });

    const listener = await signUp(t.app, 'listener');
    expect((await listener.post(ABEL, { prompt: 'drums?' })).json()).toMatchObject({
      error: KIT_MESSAGES.kitBlocked,
      code: 'FORBIDDEN',
    });
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'free');
    expect((await artist.post(TUTOR, { prompt: 'drums?' })).statusCode).toBe(403);
  });

  it('limits questions per account, whatever address they come from', async () => {
    // A question the body's schema refuses is counted first: cheap to make.
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const statuses: number[] = [];
    for (let i = 0; i <= TUTOR_LIMITS.requestsPerMinute; i++) {
      statuses.push((await artist.post(TUTOR, { prompt: 7 }, nextAddress())).statusCode);
    }
    expect(statuses.slice(0, TUTOR_LIMITS.requestsPerMinute).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a blank or overlong question with the message', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const blank = await artist.post(TUTOR, { prompt: '   ', conversationHistory: [] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ error: TUTOR_MESSAGES.enterQuestion, code: 'VALIDATION_FAILED' });
    const long = await artist.post(ABEL, { prompt: 'x'.repeat(2001) });
    expect(long.json()).toMatchObject({ error: TUTOR_MESSAGES.questionTooLong });
  });

  it('answers both variants with advice, Spotify links and the reply as MP3', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'trial');
    for (const url of [TUTOR, ABEL]) {
      const res = await artist.post(url, {
        prompt: 'What are some tips for making my drums sound punchier?',
        conversationHistory: [],
      });
      expect(res.statusCode, url).toBe(200);
      const body = tutorResponseSchema.parse(res.json());
      expect(body.content).toMatch(/transient/);
      expect(body.spotifyUrls.length).toBeGreaterThan(0);
      for (const link of body.spotifyUrls) expect(link).toMatch(/^https:\/\/open\.spotify\.com\/search\//);
      const pcm = await decodeToMono(Buffer.from(body.audio ?? '', 'base64'), 8000);
      expect(pcm.samples.length / pcm.sampleRate).toBeGreaterThan(5);
    }
  });

  it('reads the conversation: a follow-up continues the topic, extra message fields are accepted', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const first = tutorResponseSchema.parse(
      (await artist.post(TUTOR, { prompt: 'How can I create a more interesting bassline?' })).json(),
    );
    const followUp = await artist.post(TUTOR, {
      prompt: 'Tell me more',
      conversationHistory: [
        {
          id: '1',
          type: 'user',
          content: 'How can I create a more interesting bassline?',
          timestamp: '2026-01-01',
        },
        {
          id: '2',
          type: 'ai',
          content: first.content,
          audioUrl: 'data:audio/mpeg;base64,AAAA',
          spotifyUrls: [],
        },
      ],
    });
    expect(followUp.statusCode).toBe(200);
    expect(followUp.json<{ content: string }>().content).toMatch(
      /^Building on what we covered about writing basslines/,
    );
  });

  it('answers production questions in artists’ words, and offers the nearest topics as data when it cannot', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const ask = async (prompt: string) =>
      tutorResponseSchema.parse((await artist.post(TUTOR, { prompt, conversationHistory: [] })).json());
    // Issue 30's two questions were declined with the right topics listed as plain text.
    for (const [prompt, subject] of [
      ['How do I make my kick and bass sit together in a techno track?', /kick and bass relationship/i],
      ['What compression settings should I start with on a lead vocal?', /compression/i],
    ] as const) {
      const answered = await ask(prompt);
      expect(answered.content).toMatch(subject);
      expect(answered.content).not.toContain('I do not have anything in my notes');
      expect(answered.suggestedTopics).toEqual([]);
    }

    const declined = await ask('What is the capital of Mongolia?');
    expect(declined.suggestedTopics).toHaveLength(3);
    for (const topic of declined.suggestedTopics) {
      expect(Object.keys(topic).sort()).toEqual(['id', 'title']);
      expect(declined.content).toContain(topic.title.replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase()));
    }
    // A topic's button asks its title, and the tutor answers that topic.
    const [first] = declined.suggestedTopics;
    if (!first) throw new Error('no topic offered');
    const followed = await ask(first.title);
    expect(followed.suggestedTopics).toEqual([]);
    expect(followed.content).toMatch(/^Here is how I would approach/);
  });

  it('names only Klang tracks the user may see, and counts the masked ones', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const maker = await insertAccount(t.db, 'artist', { artistName: 'Hidden Maker' });
    const hidden = await insertTrack(t.db, maker, { title: 'Secret Groove', genre: 'Minimal / Deep Tech' });
    const liked = await insertTrack(t.db, maker, { title: 'Known Groove', genre: 'Minimal / Deep Tech' });
    await t.db.query('update tracks set likes = 3 where id = any($1)', [[hidden, liked]]);
    await t.db.query(
      `insert into track_interactions (user_id, track_id, interaction_type, added_to_library) values ($1, $2, 'like', true)`,
      [artist.id, liked],
    );
    const res = await artist.post(TUTOR, { prompt: 'How do I make a minimal deep tech groove?' });
    const body = tutorResponseSchema.parse(res.json());
    expect(body.klangTracks).toEqual([
      {
        id: liked,
        title: 'Known Groove',
        artist: 'Hidden Maker',
        artistId: maker,
        genre: 'Minimal / Deep Tech',
      },
    ]);
    expect(body.content).toContain('"Known Groove" by Hidden Maker');
    expect(body.content).not.toContain('Secret Groove');
    expect(body.content).toMatch(
      /1 more Minimal \/ Deep Tech track is on Klang's chart, still anonymous to you/,
    );
  });

  it('gives free artists a signed URL to the local agent and refuses listeners', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'free');
    const res = await artist.get(SESSION);
    expect(res.statusCode).toBe(200);
    const session = voiceAgentSessionSchema.parse(res.json());
    expect(session.kind).toBe('local');
    expect(session.signedUrl).toMatch(
      /^ws:\/\/localhost(:\d+)?\/v1\/convai\/conversation\?agent_id=klang-tutor&conversation_signature=[\w-]+\.[\w-]+$/,
    );
    const listener = await signUp(t.app, 'listener');
    expect((await listener.get(SESSION)).statusCode).toBe(403);
  });

  it('says the local agent cannot hear without a speech-to-text engine, to whoever may use it only', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'free');
    const res = await artist.get(HEARING);
    expect(res.statusCode).toBe(200);
    expect(voiceAgentHearingSchema.parse(res.json())).toEqual({ speechToText: false });
    const listener = await signUp(t.app, 'listener');
    expect((await listener.get(HEARING)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: HEARING })).statusCode).toBe(401);
  });

  it('builds the agent URL from PUBLIC_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'free');
    const res = await t.app.inject({
      method: 'GET',
      url: SESSION,
      headers: { cookie: artist.cookie, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const { signedUrl } = voiceAgentSessionSchema.parse(res.json());
    const publicUrl = new URL(t.config.publicUrl);
    expect(new URL(signedUrl).host).toBe(publicUrl.host);
    expect(signedUrl).not.toContain('evil.example');
  });
});

describe('the tutor functions on an unreachable chat engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      LLM_BASE_URL: 'http://127.0.0.1:9/v1',
      LLM_MODEL: 'tiny',
      STT_BASE_URL: 'http://127.0.0.1:9/v1',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers with the spec failure text and names the engine in health', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const res = await artist.post(TUTOR, { prompt: 'punchy drums?' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: TUTOR_MESSAGES.failedToGenerate });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ providers: { llm: 'openai-compatible (tiny)' } });
  });

  it('says the voice agent hears once a speech-to-text engine is configured', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'free');
    expect((await artist.get(HEARING)).json()).toEqual({ speechToText: true });
  });
});

describe('the tutor functions on an OpenAI-compatible chat engine', () => {
  let t: TestApp;
  let server: Server;
  const seen: { messages: { role: string; content: string }[]; model: string }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        seen.push(JSON.parse(raw) as (typeof seen)[number]);
        response.setHeader('Content-Type', 'application/json');
        response.end(
          JSON.stringify({
            choices: [
              { message: { role: 'assistant', content: 'Tighten the **kick** tail, then layer a click.' } },
            ],
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t = await createTestApp({
      LLM_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      LLM_MODEL: 'tiny',
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) =>
      server.close(() => {
        resolve();
      }),
    );
  });

  it('sends the tutor instructions, the history and the question; links come from the knowledge base', async () => {
    const artist = await signUp(t.app, 'artist');
    await setTier(t, artist.id, 'pro');
    const res = await artist.post(ABEL, {
      prompt: 'And for the kick?',
      conversationHistory: [
        { type: 'user', content: 'How do I make my drums punchier?' },
        { type: 'ai', content: 'Shape the transient.' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = tutorResponseSchema.parse(res.json());
    expect(body.content).toBe('Tighten the **kick** tail, then layer a click.');
    expect(body.spotifyUrls[0]).toMatch(/^https:\/\/open\.spotify\.com\/search\//);
    expect(body.audio).not.toBeNull();
    const request = seen.at(-1);
    expect(request?.model).toBe('tiny');
    expect(request?.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(request?.messages[0]?.content).toContain('You are Abel');
    expect(request?.messages.at(-1)?.content).toBe('And for the kick?');
  });
});
