// The local voice agent ("Talk to Abel") on ten typical things an artist says to it (issue 20
// item 7, docs/kit-quality.md). The whole app runs in-process on PGlite with the local engines; a
// Pro artist asks for a session as the page does (`tutorEndpoints.voiceAgentSession`) and speaks the
// ElevenLabs protocol the SDK speaks over its signed URL, one conversation for all ten turns, each
// reply heard to its end before the next. Per turn: the topic the agent shows tracks for (none
// for small talk or a decline), the reply's first sentence, the time to the reply text, and the
// spoken reply's length and render time (eSpeak NG, then the 16 kHz PCM the agent streams).
//   npx tsx bench/voice-agent-review.ts        (writes bench/results/voice-agent-review.json)
// BENCH_PORT moves it off 4940.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import WebSocket from 'ws';
import { healthEndpoints, tutorEndpoints, voiceAgentSessionSchema, entryUrl } from '@klang/domain';
import { signUp } from '../server/src/test/accounts-helpers';
import { createTestApp } from '../server/src/test/app';
import { CHUNK_BYTES } from '../server/src/modules/tutor/agent-audio';

const REQUESTS = [
  'Hi Abel!',
  'How do I make my kick punchier?',
  'Can you tell me more about that?',
  'My vocals get lost in the mix',
  'How loud should my master be for Spotify?',
  'How do I sidechain the bass to the kick?',
  'How do I build tension before the drop?',
  'Should I sign a 360 deal?',
  'How do I get more followers on Instagram?',
  'Thanks, that was really helpful!',
];
/** The agent paces its audio a second ahead of playback: a longer gap is the end of the reply. */
const AUDIO_END_GAP_MS = 1500;
const BYTES_PER_SECOND = (CHUNK_BYTES / 2) * 8;

type AgentEvent = Record<string, unknown> & { type: string };

const round = (value: number, places = 1) => Math.round(value * 10 ** places) / 10 ** places;
const firstSentence = (text: string) => (/^.*?[.!?:](?=\s|$)/s.exec(text)?.[0] ?? text).replace(/\s+/g, ' ');

const t = await createTestApp();
await t.app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 4940) });
const artist = await signUp(t.app, 'artist');
await t.db.query(`update artist_profiles set subscription_tier = 'pro' where id = $1`, [artist.id]);
const health = (
  await t.app.inject({ method: healthEndpoints.health.method, url: entryUrl(healthEndpoints.health) })
).json<{ providers: object }>();
const session = voiceAgentSessionSchema.parse(
  (await artist.get(tutorEndpoints.voiceAgentSession.path)).json(),
);
const address = t.app.server.address();
if (session.kind !== 'local' || typeof address !== 'object' || !address) throw new Error('no local agent');
// The signed URL names PUBLIC_URL's host; the bench reaches the listening port, as a page of
// PUBLIC_URL would (the agent takes sockets only from Klang's own origins).
const url = new URL(session.signedUrl);
url.host = `127.0.0.1:${String(address.port)}`;

const socket = new WebSocket(url, 'convai', { origin: new URL(t.config.publicUrl).origin });
const events: { at: number; event: AgentEvent }[] = [];
socket.on('message', (data: Buffer) => {
  const event = JSON.parse(data.toString('utf8')) as AgentEvent;
  events.push({ at: performance.now(), event });
  // What the page answers: pongs, and the recommendations shown by its client tool.
  if (event.type === 'ping') {
    const { event_id } = event.ping_event as { event_id: number };
    socket.send(JSON.stringify({ type: 'pong', event_id }));
  }
  if (event.type === 'client_tool_call') {
    const { tool_call_id } = event.client_tool_call as { tool_call_id: string };
    socket.send(
      JSON.stringify({ type: 'client_tool_result', tool_call_id, result: 'shown', is_error: false }),
    );
  }
});
await new Promise((resolve) => socket.once('open', resolve));
const openedAt = performance.now();
socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));

/** Waits until the agent's audio has been quiet for the end gap after its reply, and reads the turn. */
async function turn(sentAt: number) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const mine = events.filter((e) => e.at >= sentAt);
    const lastAudio = mine.findLast((e) => e.event.type === 'audio');
    if (lastAudio && performance.now() - lastAudio.at > AUDIO_END_GAP_MS) return mine;
  }
}

function read(request: string, sentAt: number, mine: typeof events) {
  const response = mine.find((e) => e.event.type === 'agent_response');
  const audio = mine.filter((e) => e.event.type === 'audio');
  const tool = mine.find((e) => e.event.type === 'client_tool_call')?.event.client_tool_call as
    { parameters: { topic: string } } | undefined;
  if (!response || !audio[0]) throw new Error(`no spoken reply to "${request}"`);
  const text = (response.event.agent_response_event as { agent_response: string }).agent_response;
  const bytes = audio.reduce(
    (sum, e) =>
      sum + Buffer.from((e.event.audio_event as { audio_base_64: string }).audio_base_64, 'base64').length,
    0,
  );
  return {
    request,
    topic: tool?.parameters.topic ?? 'none shown',
    firstSentence: firstSentence(text),
    replyChars: text.length,
    replyMs: round(response.at - sentAt),
    spokenSeconds: round(bytes / BYTES_PER_SECOND),
    // The whole reply is rendered (eSpeak NG, then ffmpeg to PCM) before its first chunk is sent.
    renderSeconds: round((audio[0].at - response.at) / 1000, 2),
  };
}

const greeting = read('(session opened)', openedAt, await turn(openedAt));
console.log(`greeting: ${greeting.firstSentence} (${greeting.spokenSeconds} s)`);
const rows = [];
for (const request of REQUESTS) {
  const sentAt = performance.now();
  socket.send(JSON.stringify({ type: 'user_message', text: request }));
  const row = read(request, sentAt, await turn(sentAt));
  console.log(
    `${request} -> ${row.topic}: "${row.firstSentence}" text ${row.replyMs} ms, speech ${row.spokenSeconds} s rendered in ${row.renderSeconds} s`,
  );
  rows.push(row);
}
socket.close();
await t.close();

writeFileSync(
  path.join(import.meta.dirname, 'results', 'voice-agent-review.json'),
  `${JSON.stringify({ date: new Date().toISOString(), providers: health.providers, greeting, rows }, null, 2)}\n`,
);
