import type { ChatMessage, ChatProvider } from '../chat';
import { TOPICS, type Reference, type Topic } from './knowledge';
import { createIndex, weightedQuery, type ScoredPassage } from './retrieval';

/** A turn of the conversation before the question, oldest first. */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface TutorAnswer {
  text: string;
  /** The topics the answer drew on, most relevant first (empty when nothing fitted). */
  topics: Topic[];
}

/** Below this score nothing in the knowledge base is about the question. */
const MIN_SCORE = 2.5;
/** A second topic joins the answer when it fits nearly as well as the first. */
const SECOND_TOPIC_SHARE = 0.6;
/** Passages of the main topic beyond its best are quoted when they still fit this well. */
const MORE_PASSAGES_SHARE = 0.5;
/** Earlier user turns count this much, halving with each step back (the latest counts most). */
const HISTORY_WEIGHT = 0.5;
const HISTORY_TURNS = 4;

const RECOMMENDATION_WORDS =
  /\b(recommend|recommendation|recommendations|reference|references|suggest|tracks?|songs?|listen)\b/i;

const index = createIndex(TOPICS);

/**
 * The question's words at full weight and the recent user turns at decreasing weight, so that a
 * follow-up ('and for the snare?') is read in the light of what was being discussed.
 */
function retrieve(
  question: string,
  history: readonly Turn[],
  context: readonly string[] = [],
): ScoredPassage[] {
  const recentUser = history
    .filter((turn) => turn.role === 'user')
    .slice(-HISTORY_TURNS)
    .reverse();
  return index.search(
    weightedQuery([
      { text: question, weight: 1 },
      ...recentUser.map((turn, i) => ({ text: turn.content, weight: HISTORY_WEIGHT / 2 ** i })),
      // What the app says the user is doing counts as a recent turn would.
      ...context.map((text) => ({ text, weight: HISTORY_WEIGHT })),
    ]),
  );
}

/** The topics that fit a question, best first; reference tracks and catalogue matches come from these. */
export function relevantTopics(
  question: string,
  history: readonly Turn[] = [],
  context: readonly string[] = [],
): Topic[] {
  const ranked = retrieve(question, history, context);
  const best = ranked[0];
  if (!best || best.score < MIN_SCORE) return [];
  const topics: Topic[] = [];
  for (const passage of ranked) {
    if (passage.score < best.score * SECOND_TOPIC_SHARE) break;
    if (!topics.includes(passage.topic)) topics.push(passage.topic);
  }
  return topics.slice(0, 2);
}

export function spotifySearchUrl(reference: Reference): string {
  return `https://open.spotify.com/search/${encodeURIComponent(`${reference.artist} ${reference.title}`)}`;
}

function listReferences(references: readonly Reference[]): string {
  const named = references.map((r) => `"${r.title}" by ${r.artist}`);
  if (named.length <= 1) return named.join('');
  return `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}`;
}

function lowerFirst(text: string): string {
  return /^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

/**
 * Composes an answer from the passages that fit: the main topic's best passages in their written
 * order, a passage of a closely related topic, and the reference tracks to study. Passages the
 * tutor already said in this conversation give way to ones it has not, so 'tell me more' moves on.
 */
export function answer(
  question: string,
  history: readonly Turn[] = [],
  context: readonly string[] = [],
): TutorAnswer {
  const ranked = retrieve(question, history, context);
  const best = ranked[0];
  if (!best || best.score < MIN_SCORE) {
    return {
      text: [
        'I could not find anything in my notes that fits that question, so rather than guess I will tell you what I can help with: mixing and EQ, compression, drums and groove, bass and the low end, arrangement, synthesis and sound design, reverb and delay, mastering and loudness, vocals, workflow, and the genres on Klang (minimal and deep tech, house and tech house, drum and bass, techno, UK garage, EDM and dubstep).',
        'Try asking about a specific problem, for example how to make your drums punchier, or ask for reference tracks in a genre.',
      ].join('\n\n'),
      topics: [],
    };
  }
  const said = history.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
  const fresh = (passage: ScoredPassage) => !said.some((text) => text.includes(passage.text));

  const main = best.topic;
  const mainPassages = ranked.filter((p) => p.topic === main);
  const unsaid = mainPassages.filter(fresh);
  const pool = unsaid.length > 0 ? unsaid : mainPassages;
  const chosen = pool.filter((p, i) => i === 0 || p.score >= best.score * MORE_PASSAGES_SHARE).slice(0, 2);
  chosen.sort((a, b) => a.index - b.index);

  const second = ranked.find(
    (p) => p.topic !== main && p.score >= best.score * SECOND_TOPIC_SHARE && fresh(p),
  );
  const wantsTracks = RECOMMENDATION_WORDS.test(question);
  const isFollowUp = unsaid.length < mainPassages.length;

  const paragraphs: string[] = [];
  if (isFollowUp) {
    paragraphs.push(`Building on what we covered about ${lowerFirst(main.title)}, here is more to try.`);
  } else if (wantsTracks) {
    paragraphs.push(`Here are tracks worth studying for ${lowerFirst(main.title)}, and what to listen for.`);
  } else {
    paragraphs.push(`Here is how I would approach ${lowerFirst(main.title)}.`);
  }
  paragraphs.push(...chosen.map((p) => p.text));
  if (second)
    paragraphs.push(`It also helps to think about ${lowerFirst(second.topic.title)}. ${second.text}`);
  const references = main.references.slice(0, 3);
  if (references.length > 0) {
    paragraphs.push(
      `For reference, listen to ${listReferences(references)}${
        wantsTracks ? ' (each is linked below)' : ''
      }, and notice how they handle this.`,
    );
  }
  return { text: paragraphs.join('\n\n'), topics: second ? [main, second.topic] : [main] };
}

/**
 * The question is the last user message and the turns before it are history. The first system
 * message is the engine's instructions (this tutor has its own); later ones are context from the
 * app, such as the voice agent's contextual updates.
 */
function splitConversation(messages: readonly ChatMessage[]) {
  const context = messages
    .filter((m) => m.role === 'system')
    .slice(1)
    .map((m) => m.content);
  const turns = messages.filter((m): m is ChatMessage & Turn => m.role !== 'system');
  const last = turns.at(-1);
  if (last?.role !== 'user') return { question: '', history: turns, context };
  return { question: last.content, history: turns.slice(0, -1), context };
}

/**
 * The local tutor as a chat engine: answers from Klang's knowledge base, offline. Streaming
 * yields it a paragraph at a time, which is how the voice agent speaks it.
 */
export function createLocalTutor(): ChatProvider {
  return {
    name: 'local-tutor',
    complete(messages) {
      const { question, history, context } = splitConversation(messages);
      return Promise.resolve(answer(question, history, context).text);
    },
    async *stream(messages) {
      const { question, history, context } = splitConversation(messages);
      const paragraphs = answer(question, history, context).text.split('\n\n');
      for (const [i, paragraph] of paragraphs.entries()) {
        yield i === 0 ? paragraph : `\n\n${paragraph}`;
        await Promise.resolve();
      }
    },
  };
}
