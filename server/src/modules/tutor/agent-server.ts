import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  LOCAL_AGENT_ID,
  TUTOR_LIMITS,
  TUTOR_MESSAGES,
  VOICE_AGENT_RECOMMENDATIONS_TOOL,
  type TutorCatalogueTrack,
  type VoiceAgentRecommendations,
} from '@klang/domain';
import type { ChatMessage, ChatProvider } from '../../providers/llm/chat';
import type { Topic } from '../../providers/llm/local-tutor/knowledge';
import { relevantTopics, spotifySearchUrl, type Turn } from '../../providers/llm/local-tutor/local-tutor';
import type { SttProvider } from '../../providers/stt/stt';
import { AGENT_AUDIO_FORMAT, createVoiceActivity, toAudioChunks, wavFile } from './agent-audio';
import { TUTOR_SYSTEM_PROMPT } from './tutor.service';
import type { TicketSigner } from './voice-agent-ticket';

/** Where the ElevenLabs SDK connects under its `origin` (providers.md §1d). */
export const AGENT_PATH = '/v1/convai/conversation';
const SUBPROTOCOL = 'convai';

export const AGENT_TEXT = {
  greeting: "Hi, I'm Abel, Klang's production tutor. Ask me anything about making music.",
  noSpeechToText:
    'I cannot hear you: no speech-to-text engine is configured on this server (set STT_BASE_URL). Type your question instead and I will answer out loud.',
  notHeard: 'Sorry, I did not catch that. Could you say it again?',
  failed: 'Sorry, I could not answer that just now. Please try again.',
} as const;

const INIT_TIMEOUT_MS = 10_000;
const PING_INTERVAL_MS = 10_000;
/** The SDK attaches its listener after the metadata resolves its handshake: wait a macrotask. */
const AFTER_METADATA_MS = 25;
/** Audio is sent this far ahead of playback, so an interruption stops it within about a second. */
const AUDIO_LEAD_MS = 1000;
const CONTEXT_NOTES_MAX = 10;

export interface AgentServerDeps {
  llm: ChatProvider;
  stt: SttProvider;
  /** 16 kHz 16-bit mono PCM of the text spoken by the tutor's voice; null when it cannot speak. */
  speakPcm(text: string, signal: AbortSignal): Promise<Buffer | null>;
  /** Klang tracks in a genre that the account already sees (liked, or revealed on a chart). */
  catalogueTracks(accountId: string, genre: string): Promise<TutorCatalogueTrack[]>;
  tickets: TicketSigner;
  /** The origins Klang's pages are served at (PUBLIC_URL and TRUSTED_ORIGINS): the only ones a socket may come from. */
  allowedOrigins: readonly string[];
  /** Whether the account may use the voice agent (the Kit's rule for 'test-voice'). */
  mayUse(accountId: string): Promise<boolean>;
  log: {
    warn(details: object, message: string): void;
    debug(details: object, message: string): void;
  };
  /** How often the agent pings the client (10 s by default). */
  pingIntervalMs?: number;
}

type Incoming = Record<string, unknown> & { type?: unknown };

/** One agent turn: its event id, its cancellation, and whether its audio has started. */
interface AgentTurn {
  id: number;
  abort: AbortController;
  speaking: boolean;
}

function refuse(socket: Duplex, status: number, reason: string) {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Waits, or stops waiting when the turn is interrupted; its abort listener goes with it. */
const sleep = (ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }).catch(() => undefined);

/**
 * One conversation on Klang's local agent server, speaking the ElevenLabs Conversational AI
 * protocol (spec 002 §3 message types, providers.md §1d field names): the client's initiation,
 * then metadata, typed and spoken user turns answered by the tutor with text and PCM audio,
 * contextual updates, pings, a client tool call, and interruption.
 */
class AgentConversation {
  private readonly id = `conv_${randomUUID()}`;
  private initiated = false;
  private textOnly = false;
  private eventId = 0;
  private pingId = 0;
  private readonly history: Turn[] = [];
  private readonly context: string[] = [];
  private turn: AgentTurn | null = null;
  private readonly voice = createVoiceActivity();
  private toolMissing = false;
  private toldNoSpeechToText = false;
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: AgentServerDeps,
    /** The account the ticket named: whose catalogue the recommendations come from. */
    private readonly accountId: string,
  ) {
    socket.on('message', (data, isBinary) => {
      this.receive(data, isBinary);
    });
    socket.on('close', () => {
      this.end();
    });
    socket.on('error', (error) => {
      deps.log.debug({ err: error }, 'voice agent socket error');
    });
    this.timers.push(
      setTimeout(() => {
        if (!this.initiated) this.socket.close(1008, 'conversation_initiation_client_data expected');
      }, INIT_TIMEOUT_MS),
    );
  }

  private send(message: object) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(data: RawData, isBinary: boolean) {
    let message: Incoming;
    try {
      if (isBinary || !Buffer.isBuffer(data)) throw new Error('not a text frame');
      const parsed: unknown = JSON.parse(data.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      message = parsed as Incoming;
    } catch {
      this.socket.close(1008, 'Invalid message');
      return;
    }
    if (!this.initiated) {
      if (message.type !== 'conversation_initiation_client_data') {
        this.socket.close(1008, 'conversation_initiation_client_data expected');
        return;
      }
      this.initiate(message);
      return;
    }
    // User audio is the one message without a type.
    if (typeof message.user_audio_chunk === 'string') {
      this.hear(Buffer.from(message.user_audio_chunk, 'base64'));
      return;
    }
    switch (message.type) {
      case 'user_message':
        if (typeof message.text === 'string' && message.text.trim()) {
          // The tutor's own limit, whatever the page sends: a longer question is refused in its
          // words and never reaches the language model (a script could otherwise send a megabyte).
          const question = message.text.trim();
          if (question.length > TUTOR_LIMITS.promptMax) void this.say(TUTOR_MESSAGES.questionTooLong);
          else void this.answer(question, false);
        }
        return;
      case 'contextual_update':
        // Notes the page writes about its screen, a sentence each: a longer one is not a note.
        if (
          typeof message.text === 'string' &&
          message.text.trim() &&
          message.text.length <= TUTOR_LIMITS.promptMax
        ) {
          this.context.push(message.text.trim());
          if (this.context.length > CONTEXT_NOTES_MAX) this.context.shift();
        }
        return;
      case 'client_tool_result':
        if (message.is_error === true) {
          // The page does not offer the tool: stop calling it, carry on talking.
          this.toolMissing = true;
          this.deps.log.debug({ result: message.result }, 'voice agent client tool failed');
        }
        return;
      case 'pong':
      case 'user_activity':
      case 'feedback':
      case 'mcp_tool_approval_result':
        return;
      default:
        this.deps.log.debug({ type: message.type }, 'voice agent ignored a message');
    }
  }

  private initiate(message: Incoming) {
    this.initiated = true;
    const override = (message.conversation_config_override ?? {}) as {
      agent?: { first_message?: unknown };
      conversation?: { text_only?: unknown };
    };
    this.textOnly = override.conversation?.text_only === true;
    this.send({
      type: 'conversation_initiation_metadata',
      conversation_initiation_metadata_event: {
        conversation_id: this.id,
        agent_output_audio_format: AGENT_AUDIO_FORMAT,
        user_input_audio_format: AGENT_AUDIO_FORMAT,
      },
    });
    const firstMessage =
      typeof override.agent?.first_message === 'string' && override.agent.first_message.trim()
        ? override.agent.first_message.trim()
        : AGENT_TEXT.greeting;
    this.timers.push(
      setTimeout(() => void this.say(firstMessage), AFTER_METADATA_MS),
      setInterval(() => {
        this.pingId += 1;
        this.send({ type: 'ping', ping_event: { event_id: this.pingId, ping_ms: null } });
      }, this.deps.pingIntervalMs ?? PING_INTERVAL_MS),
    );
  }

  /** Microphone input: an utterance goes to speech-to-text; speaking over the agent interrupts it. */
  private hear(pcm: Buffer) {
    if (this.textOnly) return;
    const utterance = this.voice.push(pcm);
    // Speech over the agent's voice interrupts it; its answer, already sent as text, stands.
    if (this.voice.speaking && this.turn?.speaking) this.interrupt();
    if (!utterance) return;
    const transcribe = this.deps.stt.transcribe;
    if (!transcribe) {
      // Said once, and never over an answer in progress (a typed question's).
      if (!this.toldNoSpeechToText && !this.turn) {
        this.toldNoSpeechToText = true;
        void this.say(AGENT_TEXT.noSpeechToText);
      }
      return;
    }
    void transcribe(wavFile(utterance), AbortSignal.timeout(30_000))
      .then((text) => {
        if (text) return this.answer(text, true);
        return this.say(AGENT_TEXT.notHeard);
      })
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'voice agent transcription failed');
        return this.say(AGENT_TEXT.notHeard);
      });
  }

  /** Stops the agent's current turn; the SDK drops that turn's audio still queued. */
  private interrupt() {
    if (!this.turn) return;
    this.turn.abort.abort();
    this.send({ type: 'interruption', interruption_event: { event_id: this.turn.id } });
    this.turn = null;
  }

  private startTurn() {
    this.interrupt();
    this.eventId += 1;
    const turn: AgentTurn = { id: this.eventId, abort: new AbortController(), speaking: false };
    this.turn = turn;
    return turn;
  }

  /** A user turn: the tutor's reply streamed as tentative text, then the response and its audio. */
  private async answer(text: string, spoken: boolean) {
    const turn = this.startTurn();
    if (spoken)
      this.send({
        type: 'user_transcript',
        user_transcription_event: { user_transcript: text, event_id: turn.id },
      });
    const messages: ChatMessage[] = [
      { role: 'system', content: TUTOR_SYSTEM_PROMPT },
      ...(this.context.length > 0
        ? [
            {
              role: 'system' as const,
              content: `What the user is doing in the app: ${this.context.join(' ')}`,
            },
          ]
        : []),
      ...this.history.slice(-TUTOR_LIMITS.historyTurnsRead),
      { role: 'user', content: text },
    ];
    let reply = '';
    try {
      for await (const piece of this.deps.llm.stream(messages, turn.abort.signal)) {
        if (turn.abort.signal.aborted) return;
        reply += piece;
        this.send({
          type: 'internal_tentative_agent_response',
          tentative_agent_response_internal_event: { tentative_agent_response: reply },
        });
      }
    } catch (error) {
      if (turn.abort.signal.aborted) return;
      this.deps.log.warn({ err: error }, 'voice agent answer failed');
      reply = AGENT_TEXT.failed;
    }
    if (turn.abort.signal.aborted) return;
    reply = reply.trim() || AGENT_TEXT.failed;
    // The tracks fit the question as the answer read it: in the light of the turns before it.
    const topic = this.toolMissing ? undefined : relevantTopics(text, this.history, this.context)[0];
    this.history.push({ role: 'user', content: text }, { role: 'assistant', content: reply });
    this.send({ type: 'agent_response', agent_response_event: { agent_response: reply, event_id: turn.id } });
    if (topic) void this.recommend(topic, turn);
    await this.speak(reply, turn);
  }

  /** An agent turn with no user turn before it (the greeting, a notice). */
  private async say(text: string) {
    const turn = this.startTurn();
    this.send({ type: 'agent_response', agent_response_event: { agent_response: text, event_id: turn.id } });
    await this.speak(text, turn);
  }

  /**
   * The topic's tracks go to the page's client tool, if it has one: Klang tracks of its genre the
   * account already sees, by title and artist, and the named releases of the tutor's notes.
   */
  private async recommend(topic: Topic, turn: AgentTurn) {
    const tracks = topic.genre
      ? await this.deps.catalogueTracks(this.accountId, topic.genre).catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'voice agent catalogue tracks failed');
          return [];
        })
      : [];
    const references = topic.references.slice(0, 3).map((reference) => ({
      title: reference.title,
      artist: reference.artist,
      url: spotifySearchUrl(reference),
    }));
    if (tracks.length === 0 && references.length === 0) return;
    const parameters: VoiceAgentRecommendations = { topic: topic.title, tracks, references };
    this.send({
      type: 'client_tool_call',
      client_tool_call: {
        tool_name: VOICE_AGENT_RECOMMENDATIONS_TOOL,
        tool_call_id: `tool_${randomUUID()}`,
        parameters,
        event_id: turn.id,
      },
    });
  }

  /** The turn's speech as quarter-second PCM chunks, paced a little ahead of playback. */
  private async speak(text: string, turn: AgentTurn) {
    try {
      if (this.textOnly) return;
      const pcm = await this.deps.speakPcm(text, turn.abort.signal).catch((error: unknown) => {
        // An interrupted turn's speech is cancelled on purpose; anything else is a failure.
        if (!turn.abort.signal.aborted) this.deps.log.warn({ err: error }, 'voice agent speech failed');
        return null;
      });
      if (!pcm) return;
      turn.speaking = true;
      const started = Date.now();
      const stopped = () => turn.abort.signal.aborted;
      for (const [i, chunk] of toAudioChunks(pcm).entries()) {
        const due = started + i * 250 - AUDIO_LEAD_MS;
        if (due > Date.now()) await sleep(due - Date.now(), turn.abort.signal);
        if (stopped()) return;
        this.send({ type: 'audio', audio_event: { audio_base_64: chunk, event_id: turn.id } });
      }
    } finally {
      if (this.turn === turn) this.turn = null;
    }
  }

  private end() {
    for (const timer of this.timers) clearTimeout(timer);
    this.turn?.abort.abort();
    this.turn = null;
  }
}

/**
 * Klang's local agent server on the HTTP server's upgrade path. The socket must come from one of
 * Klang's own origins; the signed URL's ticket names the account and opens one socket; the Kit's
 * rule decides whether the account may talk to the agent.
 */
export function attachAgentServer(server: Server, deps: AgentServerDeps) {
  const sockets = new WebSocketServer({
    noServer: true,
    maxPayload: 1024 * 1024,
    handleProtocols: (protocols) => (protocols.has(SUBPROTOCOL) ? SUBPROTOCOL : false),
  });

  async function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(request.url ?? '/', 'http://agent.local');
    if (url.pathname !== AGENT_PATH) {
      refuse(socket, 404, 'Not Found');
      return;
    }
    const protocols = (request.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
    if (!protocols.includes(SUBPROTOCOL)) {
      refuse(socket, 400, 'Bad Request');
      return;
    }
    if (url.searchParams.get('agent_id') !== LOCAL_AGENT_ID) {
      refuse(socket, 404, 'Not Found');
      return;
    }
    // A browser always sends the page's origin; another site's page cannot open this socket.
    if (!deps.allowedOrigins.includes(request.headers.origin ?? '')) {
      refuse(socket, 403, 'Forbidden');
      return;
    }
    const accountId = deps.tickets.redeem(url.searchParams.get('conversation_signature') ?? '');
    if (!accountId) {
      refuse(socket, 401, 'Unauthorized');
      return;
    }
    if (!(await deps.mayUse(accountId))) {
      refuse(socket, 403, 'Forbidden');
      return;
    }
    sockets.handleUpgrade(
      request,
      socket,
      head,
      (ws: WebSocket) => new AgentConversation(ws, deps, accountId),
    );
  }

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(request, socket, head).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'voice agent upgrade failed');
      refuse(socket, 500, 'Internal Server Error');
    });
  };
  server.on('upgrade', onUpgrade);
  return {
    close() {
      server.off('upgrade', onUpgrade);
      for (const client of sockets.clients) client.close(1001, 'Server shutting down');
      sockets.close();
    },
  };
}
