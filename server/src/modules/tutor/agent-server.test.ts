import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Conversation, type DisconnectionDetails } from '@elevenlabs/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  LOCAL_AGENT_ID,
  TUTOR_LIMITS,
  TUTOR_MESSAGES,
  VOICE_AGENT_RECOMMENDATIONS_TOOL,
  voiceAgentRecommendationsSchema,
} from '@klang/domain';
import type { ChatMessage, ChatProvider } from '../../providers/llm/chat';
import { createLocalTutor } from '../../providers/llm/local-tutor/local-tutor';
import { NO_STT, type SttProvider } from '../../providers/stt/stt';
import { AGENT_TEXT, AGENT_PATH, attachAgentServer } from './agent-server';
import { CHUNK_BYTES } from './agent-audio';
import { createTicketSigner } from './voice-agent-ticket';

/** The page's origin: a browser sends it on every WebSocket handshake. */
const PAGE_ORIGIN = 'http://klang.test';

// Node 20 has no global WebSocket; the SDK uses whichever the platform offers. Like a browser's,
// this one sends the page's origin.
class BrowserWebSocket extends WebSocket {
  constructor(url: string, protocols?: string | string[]) {
    super(url, protocols, { origin: PAGE_ORIGIN });
  }
}
Object.assign(globalThis, { WebSocket: BrowserWebSocket });

const tickets = createTicketSigner('agent-test-secret-0123456789abcdef');
const silentLog = { warn: () => undefined, debug: () => undefined };

/** A second of a 440 Hz tone as 16 kHz PCM: what `speakPcm` returns, without running a TTS. */
function tone(seconds: number): Buffer {
  const pcm = Buffer.alloc(16_000 * seconds * 2);
  for (let i = 0; i < pcm.length / 2; i += 1) pcm.writeInt16LE(Math.round(Math.sin(i / 5.8) * 8000), i * 2);
  return pcm;
}

/** A Klang track account 'a' has liked: the one the catalogue names to that account alone. */
const KNOWN_GROOVE = {
  id: 'track-1',
  title: 'Known Groove',
  artist: 'Hidden Maker',
  artistId: 'artist-1',
  genre: 'Minimal / Deep Tech',
};

async function startAgent(
  stt: SttProvider = NO_STT,
  speechSeconds = 3,
  llm: ChatProvider = createLocalTutor(),
) {
  const server = createServer((_request, response) => response.writeHead(404).end());
  const agent = attachAgentServer(server, {
    llm,
    stt,
    speakPcm: () => Promise.resolve(tone(speechSeconds)),
    catalogueTracks: (accountId, genre) =>
      Promise.resolve(accountId === 'a' && genre === KNOWN_GROOVE.genre ? [KNOWN_GROOVE] : []),
    tickets,
    allowedOrigins: [PAGE_ORIGIN],
    mayUse: (accountId) => Promise.resolve(accountId !== 'listener'),
    log: silentLog,
    pingIntervalMs: 150,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = (accountId: string) =>
    `ws://127.0.0.1:${port}${AGENT_PATH}?agent_id=${LOCAL_AGENT_ID}&conversation_signature=${tickets.issue(accountId)}`;
  return { server, agent, port, url };
}

function until<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = () => {
      const value = check();
      if (value !== undefined) resolve(value);
      else if (Date.now() - started > timeoutMs) reject(new Error('timed out waiting'));
      else setTimeout(poll, 20);
    };
    poll();
  });
}

describe('the official ElevenLabs SDK against the local agent server', () => {
  let agent: Awaited<ReturnType<typeof startAgent>>;
  beforeAll(async () => {
    agent = await startAgent();
  });
  afterAll(async () => {
    agent.agent.close();
    await new Promise<void>((resolve) =>
      agent.server.close(() => {
        resolve();
      }),
    );
  });

  it('holds a text conversation: handshake, messages, pong, an unknown client tool refused, clean disconnect', async () => {
    const messages: { role: string; message: string }[] = [];
    const errors: string[] = [];
    const outgoing: { type?: string; event_id?: number }[] = [];
    const pings: number[] = [];
    let disconnected: DisconnectionDetails | null = null;
    let connectedId: string | null = null;

    const conversation = await Conversation.startSession({
      signedUrl: agent.url('artist-1'),
      textOnly: true,
      connectionType: 'websocket',
      onConnect: ({ conversationId }) => {
        connectedId = conversationId;
      },
      onMessage: ({ role, message }) => messages.push({ role, message }),
      onError: (message) => errors.push(message),
      onPing: ({ event_id }) => pings.push(event_id),
      onOutgoingEvent: (event: { type?: string; event_id?: number }) => outgoing.push(event),
      onDisconnect: (details) => {
        disconnected = details;
      },
    });
    expect(connectedId).toMatch(/^conv_/);
    expect(conversation.getId()).toBe(connectedId);
    await until(() => messages.find((m) => m.role === 'agent'));
    expect(messages[0]).toEqual({ role: 'agent', message: AGENT_TEXT.greeting });

    // Context from the page steers what the agent recommends for a vague question.
    conversation.sendContextualUpdate('The user is producing a UK garage track with a two step beat.');
    conversation.sendUserMessage('Which tracks should I study?');
    const reply = await until(() =>
      messages.find((m) => m.role === 'agent' && m.message !== AGENT_TEXT.greeting),
    );
    expect(reply.message).toContain('UK garage');
    expect(reply.message).toContain('"Sincere" by MJ Cole');

    // The agent offered its recommendations to a client tool this page does not have: the SDK
    // answered with an error result, and the agent stopped asking.
    await until(() => (errors.length > 0 ? errors : undefined));
    expect(errors).toEqual([
      `Client tool with name ${VOICE_AGENT_RECOMMENDATIONS_TOOL} is not defined on client`,
    ]);
    expect(outgoing).toContainEqual(expect.objectContaining({ type: 'client_tool_result', is_error: true }));
    conversation.sendUserMessage('How do I make my drums punchier?');
    await until(() => (messages.filter((m) => m.role === 'agent').length >= 3 ? true : undefined));
    expect(messages.at(-1)?.message).toContain('transient');
    expect(errors).toHaveLength(1);

    // Pings come from the agent and each is answered with a pong of the same event id.
    await until(() => (pings.length >= 2 ? true : undefined));
    const pongs = outgoing.filter((event) => event.type === 'pong').map((event) => event.event_id);
    expect(pongs.slice(0, 2)).toEqual(pings.slice(0, 2));

    await conversation.endSession();
    expect(disconnected).toEqual({ reason: 'user' });
  });
});

describe('the local agent server on the wire', () => {
  let agent: Awaited<ReturnType<typeof startAgent>>;
  /** Every conversation the language model was asked to continue. */
  const asked: (readonly ChatMessage[])[] = [];
  beforeAll(async () => {
    const tutor = createLocalTutor();
    agent = await startAgent(NO_STT, 3, {
      ...tutor,
      stream: (messages, signal) => {
        asked.push(messages);
        return tutor.stream(messages, signal);
      },
    });
  });
  afterAll(async () => {
    agent.agent.close();
    await new Promise<void>((resolve) =>
      agent.server.close(() => {
        resolve();
      }),
    );
  });

  /** A raw client: the frames it receives, parsed, in order. */
  async function connect(url: string, protocols: string[] = ['convai'], origin: string | null = PAGE_ORIGIN) {
    const socket = new WebSocket(url, protocols, origin === null ? {} : { origin });
    const frames: Record<string, unknown>[] = [];
    socket.on('message', (data: Buffer) =>
      frames.push(JSON.parse(data.toString()) as Record<string, unknown>),
    );
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        resolve();
      });
      socket.once('unexpected-response', (_request, response) => {
        reject(new Error(String(response.statusCode)));
      });
      socket.once('error', reject);
    });
    return { socket, frames };
  }

  it('refuses a missing or forged ticket, a listener, another agent and a client without the subprotocol', async () => {
    const base = `ws://127.0.0.1:${agent.port}${AGENT_PATH}?agent_id=${LOCAL_AGENT_ID}`;
    await expect(connect(base)).rejects.toThrow('401');
    await expect(connect(`${base}&conversation_signature=${tickets.issue('a')}x`)).rejects.toThrow('401');
    await expect(connect(agent.url('listener'))).rejects.toThrow('403');
    await expect(connect(agent.url('a').replace(LOCAL_AGENT_ID, 'someone-else'))).rejects.toThrow('404');
    await expect(connect(agent.url('a'), ['other'])).rejects.toThrow('400');
  });

  it('opens a socket only from one of Klang’s origins, and one socket per ticket', async () => {
    await expect(connect(agent.url('a'), ['convai'], null)).rejects.toThrow('403');
    await expect(connect(agent.url('a'), ['convai'], 'https://evil.example')).rejects.toThrow('403');
    const url = agent.url('a');
    const { socket } = await connect(url);
    await expect(connect(url)).rejects.toThrow('401');
    socket.close();
    await expect(connect(url)).rejects.toThrow('401');
  });

  it('closes with 1008 when the first message is not the initiation', async () => {
    const { socket } = await connect(agent.url('a'));
    const closed = new Promise<number>((resolve) =>
      socket.once('close', (code) => {
        resolve(code);
      }),
    );
    socket.send(JSON.stringify({ type: 'user_message', text: 'hi' }));
    expect(await closed).toBe(1008);
  });

  it('speaks in quarter-second pcm_16000 chunks, says it cannot hear without speech-to-text, and is interrupted', async () => {
    const { socket, frames } = await connect(agent.url('a'));
    socket.send(
      JSON.stringify({ type: 'conversation_initiation_client_data', conversation_config_override: {} }),
    );
    const metadata = await until(() => frames.find((f) => f.type === 'conversation_initiation_metadata'));
    expect(metadata.conversation_initiation_metadata_event).toMatchObject({
      agent_output_audio_format: 'pcm_16000',
      user_input_audio_format: 'pcm_16000',
    });
    const audio = await until(() => frames.find((f) => f.type === 'audio'));
    const event = audio.audio_event as { audio_base_64: string; event_id: number };
    expect(Buffer.from(event.audio_base_64, 'base64').length).toBe(CHUNK_BYTES);

    // The user speaks over the greeting: the agent stops and says which turn it dropped.
    const loud = tone(1).subarray(0, 800).toString('base64');
    socket.send(JSON.stringify({ user_audio_chunk: loud }));
    const interruption = await until(() => frames.find((f) => f.type === 'interruption'));
    expect(interruption.interruption_event).toEqual({ event_id: event.event_id });

    // A finished utterance with no speech-to-text engine configured: the agent says so.
    for (let i = 0; i < 10; i += 1) socket.send(JSON.stringify({ user_audio_chunk: loud }));
    const silence = Buffer.alloc(800).toString('base64');
    for (let i = 0; i < 40; i += 1) socket.send(JSON.stringify({ user_audio_chunk: silence }));
    const notice = await until(() =>
      frames.find(
        (f) =>
          f.type === 'agent_response' &&
          (f.agent_response_event as { agent_response: string }).agent_response === AGENT_TEXT.noSpeechToText,
      ),
    );
    expect(notice).toBeDefined();
    socket.close(1000);
  });

  it('refuses a typed question over the tutor’s limit in its words, and keeps no note longer than one, whatever a script sends', async () => {
    const { socket, frames } = await connect(agent.url('a'));
    socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
    await until(() => frames.find((f) => f.type === 'audio'));
    const tooLong = 'Why? '.repeat(TUTOR_LIMITS.promptMax / 5) + '!';
    socket.send(
      JSON.stringify({
        type: 'contextual_update',
        text: `The user is on ${'x'.repeat(TUTOR_LIMITS.promptMax)}`,
      }),
    );
    socket.send(JSON.stringify({ type: 'user_message', text: tooLong }));
    const responses = () =>
      frames
        .filter((f) => f.type === 'agent_response')
        .map((f) => (f.agent_response_event as { agent_response: string }).agent_response);
    await until(() => responses().find((text) => text === TUTOR_MESSAGES.questionTooLong));
    socket.send(JSON.stringify({ type: 'user_message', text: 'How do I make my drums punchier?' }));
    // The greeting, the refusal, then the answer to the question within the limit.
    await until(() => responses()[2]);
    const sent = asked.flat().map((m) => m.content);
    expect(sent.some((content) => content.includes('Why? Why?'))).toBe(false);
    expect(sent.some((content) => content.includes('x'.repeat(100)))).toBe(false);
    expect(sent).toContain('How do I make my drums punchier?');
    socket.close(1000);
  });

  it('never drops a typed question for noise heard while it is being answered', async () => {
    const { socket, frames } = await connect(agent.url('a'));
    socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
    await until(() => frames.find((f) => f.type === 'audio'));
    socket.send(JSON.stringify({ type: 'user_message', text: 'How do I make my drums punchier?' }));
    // Noise that ends as an utterance while the answer is being written (a beeping microphone).
    const loud = tone(1).subarray(0, 800).toString('base64');
    const silence = Buffer.alloc(800).toString('base64');
    for (let i = 0; i < 10; i += 1) socket.send(JSON.stringify({ user_audio_chunk: loud }));
    for (let i = 0; i < 40; i += 1) socket.send(JSON.stringify({ user_audio_chunk: silence }));
    const responses = () =>
      frames
        .filter((f) => f.type === 'agent_response')
        .map((f) => (f.agent_response_event as { agent_response: string }).agent_response);
    await until(() => responses().find((text) => text.includes('transient')), 3000);
    socket.close(1000);
  });

  it('shows the reference tracks of a follow-up question, read in the light of the turn before', async () => {
    const { socket, frames } = await connect(agent.url('a'));
    socket.send(
      JSON.stringify({
        type: 'conversation_initiation_client_data',
        conversation_config_override: { conversation: { text_only: true } },
      }),
    );
    const toolTopics = () =>
      frames
        .filter((f) => f.type === 'client_tool_call')
        .map((f) => (f.client_tool_call as { parameters: { topic: string } }).parameters.topic);
    const replies = () =>
      frames
        .filter((f) => f.type === 'agent_response')
        .map((f) => (f.agent_response_event as { agent_response: string }).agent_response);
    await until(() => (replies().length === 1 ? true : undefined));
    socket.send(JSON.stringify({ type: 'user_message', text: 'How do I make my kick punchier?' }));
    await until(() => (toolTopics().length === 1 ? true : undefined));
    // 'that' is the kick: the answer builds on it, and so do the tracks shown beside it.
    socket.send(JSON.stringify({ type: 'user_message', text: 'Can you tell me more about that?' }));
    await until(() => (replies().length === 3 ? true : undefined));
    expect(replies()[2]).toMatch(/^Building on what we covered about punchy drums/);
    await until(() => (toolTopics().length === 2 ? true : undefined));
    expect(toolTopics()).toEqual(['Punchy drums', 'Punchy drums']);
    socket.close(1000);
  });

  it("recommends by title and artist: the ticket's account's Klang tracks of the genre, and the notes' named releases", async () => {
    const recommendations = async (accountId: string) => {
      const { socket, frames } = await connect(agent.url(accountId));
      socket.send(
        JSON.stringify({
          type: 'conversation_initiation_client_data',
          conversation_config_override: { conversation: { text_only: true } },
        }),
      );
      await until(() => frames.find((f) => f.type === 'agent_response'));
      socket.send(
        JSON.stringify({ type: 'user_message', text: 'How do I make a minimal deep tech groove?' }),
      );
      const call = await until(() => frames.find((f) => f.type === 'client_tool_call'));
      socket.close(1000);
      return voiceAgentRecommendationsSchema.parse(
        (call.client_tool_call as { parameters: unknown }).parameters,
      );
    };
    const mine = await recommendations('a');
    expect(mine.topic).toBe('Minimal and deep tech');
    expect(mine.tracks).toEqual([KNOWN_GROOVE]);
    expect(mine.references.length).toBeGreaterThan(0);
    for (const reference of mine.references) {
      expect(reference.title).not.toBe('');
      expect(reference.artist).not.toBe('');
      expect(reference.url).toBe(
        `https://open.spotify.com/search/${encodeURIComponent(`${reference.artist} ${reference.title}`)}`,
      );
    }
    // Another account's ticket: the same question names none of account a's tracks.
    expect((await recommendations('b')).tracks).toEqual([]);
  });

  it('paces a long reply without a listener left behind on the turn per chunk', async () => {
    // Four seconds are sixteen chunks, eleven of them waited for: past the ten listeners that
    // make Node warn of a leak, as every reply of the local tutor (about a minute) did.
    const long = await startAgent(NO_STT, 4);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const { socket, frames } = await connect(long.url('a'));
      socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
      await until(() => (frames.filter((f) => f.type === 'audio').length === 16 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
      socket.close(1000);
    } finally {
      process.off('warning', onWarning);
      long.agent.close();
      await new Promise<void>((resolve) =>
        long.server.close(() => {
          resolve();
        }),
      );
    }
  });

  it('transcribes an utterance with a configured speech-to-text engine and answers it', async () => {
    const heard: number[] = [];
    const withStt = await startAgent({
      name: 'test',
      transcribe: (wav) => {
        heard.push(wav.length);
        return Promise.resolve('How do I make a reese bass?');
      },
    });
    try {
      const { socket, frames } = await connect(withStt.url('a'));
      socket.send(
        JSON.stringify({
          type: 'conversation_initiation_client_data',
          conversation_config_override: { agent: { first_message: 'Ready when you are.' } },
        }),
      );
      await until(() => frames.find((f) => f.type === 'agent_response'));
      const loud = tone(1).subarray(0, 800).toString('base64');
      const silence = Buffer.alloc(800).toString('base64');
      for (let i = 0; i < 10; i += 1) socket.send(JSON.stringify({ user_audio_chunk: loud }));
      for (let i = 0; i < 40; i += 1) socket.send(JSON.stringify({ user_audio_chunk: silence }));
      const transcript = await until(() => frames.find((f) => f.type === 'user_transcript'));
      expect(transcript.user_transcription_event).toMatchObject({
        user_transcript: 'How do I make a reese bass?',
      });
      const answer = await until(() =>
        frames.find(
          (f) =>
            f.type === 'agent_response' &&
            (f.agent_response_event as { agent_response: string }).agent_response.includes('Reese'),
        ),
      );
      expect(answer).toBeDefined();
      expect(frames.some((f) => f.type === 'internal_tentative_agent_response')).toBe(true);
      // The utterance ends after 800 ms of silence: a 44-byte WAV header, 10 loud chunks of 25 ms
      // and 32 quiet ones; the rest of the silence is not sent.
      expect(heard).toEqual([44 + (10 + 32) * 800]);
      socket.close(1000);
    } finally {
      withStt.agent.close();
      await new Promise<void>((resolve) =>
        withStt.server.close(() => {
          resolve();
        }),
      );
    }
  });
});
