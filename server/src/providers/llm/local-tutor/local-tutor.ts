import type { ChatMessage, ChatProvider } from '../chat';
import { TOPICS, type Reference, type Topic } from './knowledge';
import { lemma } from './lemmas';
import { OUT_OF_SCOPE, type OutOfScope } from './scope';
import { createIndex, createSpelling, tokenize, weightedQuery, type ScoredPassage } from './retrieval';
import { smallTalk, withoutOpening } from './small-talk';

/** A turn of the conversation before the question, oldest first. */
export interface Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface TutorAnswer {
  text: string;
  /** The topics the answer drew on, most relevant first (empty when it declined). */
  topics: Topic[];
  /** When it declined: the topics nearest the question, offered instead of an answer. */
  nearest: Topic[];
}

/** Below this score nothing in the knowledge base is about the question. */
const MIN_SCORE = 2.5;
/**
 * Below this share of the question's weight (its words' IDF) falling on words that name a topic
 * (`subjectShare`), the match is a coincidence of passage words, not the question's subject.
 * Tuned on the evaluation set (evaluation-set.ts): 0.15 answers some off-topic questions, 0.3
 * declines ordinary ones.
 */
const MIN_SUBJECT_SHARE = 0.2;
/** Topics offered when declining. */
const NEAREST_TOPICS = 3;
/** A second topic joins the answer when it fits nearly as well as the first. */
const SECOND_TOPIC_SHARE = 0.6;
/** Passages of the main topic beyond its best are quoted when they still fit this well. */
const MORE_PASSAGES_SHARE = 0.5;
/** Earlier user turns count this much, halving with each step back (the latest counts most). */
const HISTORY_WEIGHT = 0.5;
const HISTORY_TURNS = 4;

/**
 * Words that ask for tracks to study. The track an artist is making ("a techno track", "my
 * tracks") asks for none: only tracks or songs on their own, or a word of asking, do.
 */
const RECOMMENDATION_WORDS =
  /\b(recommend|recommendation|recommendations|reference|references|suggest|listen)\b|(?<!\b(?:my|our|your|these|this|the)\s+)\b(tracks|songs)\b/i;

const index = createIndex(TOPICS);
const spelling = createSpelling(TOPICS);
/** Words of asking, not of a subject: 'recommend a movie' is not about reference tracks. */
const ASKING = new Set(tokenize('recommend recommendation recommendations suggest suggestion suggestions'));
/** In how many topics each word appears (title, keywords or passages): the subject share's IDF. */
const topicFrequency = new Map<string, number>();
for (const topic of TOPICS) {
  const words = new Set(tokenize(`${topic.title} ${topic.keywords.join(' ')} ${topic.passages.join(' ')}`));
  for (const word of words) topicFrequency.set(word, (topicFrequency.get(word) ?? 0) + 1);
}
/** A title word in more topics than this names none of them ('track', 'mix', 'sound'). */
const TITLE_WORD_MAX_SHARE = 1 / 2;
/**
 * A topic's subject: the phrases that name it, each the stems that must all be in a question
 * ('kick and bass' needs both words; 'speed' alone does not name speed garage). Its title's words
 * name it one by one, unless most topics use them; a genre's subject includes its tempo ('what
 * BPM is drum and bass?').
 */
const subjects = new Map(
  TOPICS.map((topic) => {
    const titleWords = tokenize(topic.title).filter(
      (word) => (topicFrequency.get(word) ?? 0) <= TOPICS.length * TITLE_WORD_MAX_SHARE,
    );
    const phrases = [
      ...titleWords.map((word) => [word]),
      ...topic.keywords.map((keyword) => tokenize(keyword)),
      ...(topic.genre ? [['bpm'], ['tempo']] : []),
    ];
    // A phrase of asking ('track recommendations') names no subject, not even by its other words.
    return [topic, phrases.filter((phrase) => phrase.length > 0 && !phrase.some((word) => ASKING.has(word)))];
  }),
);
function topicIdf(word: string): number {
  const n = topicFrequency.get(word) ?? 0;
  return Math.log(1 + (TOPICS.length - n + 0.5) / (n + 0.5));
}
/**
 * What a word the notes never use weighs: as much as a word a few topics share. It may be a
 * subject the notes lack ('risotto') or an ordinary word around one ('together'), and the notes
 * cannot tell which, so it weighs neither nothing nor the most.
 */
const UNKNOWN_WEIGHT = topicIdf('') * 0.5;
function weight(word: string): number {
  return topicFrequency.has(word) ? topicIdf(word) : UNKNOWN_WEIGHT;
}

/** The question's words that name the topic's subject. */
function naming(words: ReadonlySet<string>, topic: Topic): string[] {
  return (subjects.get(topic) ?? []).filter((phrase) => phrase.every((word) => words.has(word))).flat();
}

/**
 * The share of the question's weight that names what the notes are about, or 0 when it does not
 * name the topic's subject at all. A question about two subjects ('my kick and bass in a techno
 * track') counts both; a question about something else ('contract', 'risotto') weighs mostly on
 * words no subject has, and scores low even when one of its words is a keyword. `knownOnly`
 * leaves out words the notes never use, for text around the question (the app's context).
 */
export function subjectShare(text: string, topic: Topic, knownOnly = false): number {
  // Words of asking ('recommend') weigh nothing either way: they name no subject.
  const words = new Set(
    tokenize(text).filter((word) => !ASKING.has(word) && (!knownOnly || topicFrequency.has(word))),
  );
  if (naming(words, topic).length === 0) return 0;
  const total = [...words].reduce((sum, word) => sum + weight(word), 0);
  const named = new Set(TOPICS.flatMap((other) => naming(words, other)));
  return [...named].reduce((sum, word) => sum + weight(word), 0) / total;
}

/** The share of the question's weight in words the knowledge base uses at all (1 for no words). */
function knownShare(question: string): number {
  const words = [...new Set(tokenize(question))];
  const total = words.reduce((sum, word) => sum + topicIdf(word), 0);
  if (total === 0) return 1;
  return (
    words.filter((word) => topicFrequency.has(word)).reduce((sum, word) => sum + topicIdf(word), 0) / total
  );
}

/** A text's words, lower case and padded by spaces, for whole-word matching. */
function wordText(text: string, form: (word: string) => string = (word) => word): string {
  const typed =
    text
      .toLowerCase()
      .replace(/[’']/g, '')
      .match(/[a-z0-9]+/g) ?? [];
  return ` ${typed.map(form).join(' ')} `;
}

/** Each out-of-scope subject's words in their dictionary forms, and its phrases as written. */
const scopeTerms = OUT_OF_SCOPE.map((scope) => ({
  scope,
  words: scope.words.map((word) => wordText(word, lemma)),
  phrases: scope.phrases.map((phrase) => wordText(phrase)),
}));

/**
 * The subject outside the knowledge base the question is about, if it names one. Its words meet
 * in their dictionary forms (lemmas), not as stems: 'paying' meets 'pay' and 'girlfriends'
 * 'girlfriend', but 'followers' does not meet 'follows', nor 'business' 'busy'. Its phrases are
 * matched as typed: 'the masters' (the recordings a label owns) is not 'the master'.
 */
function outOfScope(question: string): OutOfScope | undefined {
  const lemmas = wordText(question, lemma);
  const typed = wordText(question);
  return scopeTerms.find(
    ({ words, phrases }) =>
      words.some((word) => lemmas.includes(word)) || phrases.some((phrase) => typed.includes(phrase)),
  )?.scope;
}

/**
 * Whether the best passage answers the question: it scores, and the question names its topic's
 * subject. Follow-ups ('tell me more') lean on the conversation (`followsUp`).
 */
function confident(
  question: string,
  best: ScoredPassage,
  history: readonly Turn[],
  context: readonly string[],
): boolean {
  if (best.score < MIN_SCORE) return false;
  return (
    subjectShare(question, best.topic) >= MIN_SUBJECT_SHARE || followsUp(question, best, history, context)
  );
}

/**
 * A follow-up ('tell me more', 'which tracks should I study?') takes its subject from the last
 * user turn or the app's context, as long as it brings no subject of its own the notes lack.
 */
function followsUp(
  question: string,
  passage: ScoredPassage,
  history: readonly Turn[],
  context: readonly string[],
): boolean {
  const lastUser = history.filter((turn) => turn.role === 'user').at(-1)?.content ?? '';
  const around = [...context, lastUser].join(' ');
  return (
    // The conversation's words count at HISTORY_WEIGHT, and so does the score they can reach.
    passage.score >= MIN_SCORE * HISTORY_WEIGHT &&
    knownShare(question) >= 0.5 &&
    subjectShare(around, passage.topic, true) >= MIN_SUBJECT_SHARE
  );
}

/** How far below the top passage a passage that names the question's subject may be taken. */
const SUBJECT_FALLBACK_SHARE = 0.5;

/**
 * The passage to answer from: the best one whose topic the question is about. When the top hit
 * is about something else ('recommend some techno tracks' scores highest on using reference
 * tracks, but is about techno), a close runner-up that names the subject is taken instead.
 */
function pickBest(
  question: string,
  ranked: readonly ScoredPassage[],
  history: readonly Turn[],
  context: readonly string[],
): ScoredPassage | undefined {
  const top = ranked[0];
  if (!top) return undefined;
  const candidates: ScoredPassage[] = [];
  for (const passage of ranked) {
    if (passage.score < top.score * SUBJECT_FALLBACK_SHARE) break;
    if (!candidates.some((c) => c.topic === passage.topic)) candidates.push(passage);
  }
  // A genre answers only a question that names it word for word: 'a deep house chord stab' is
  // not minimal and deep tech for sharing its 'deep' and its 'house', nor 'panning drums' drum
  // and bass. A follow-up that names none may take it from the turn before.
  const lastUser = history.filter((turn) => turn.role === 'user').at(-1)?.content ?? '';
  const genres = candidates.filter((c) => c.topic.genre);
  const saidNow = genres.filter((c) => saysKeyword(question, c.topic));
  const allowed = saidNow.length > 0 ? saidNow : genres.filter((c) => saysKeyword(lastUser, c.topic));
  return (
    candidates
      .filter((c) => !c.topic.genre || allowed.includes(c))
      .find((passage) => confident(question, passage, history, context)) ??
    // A follow-up whose own words lead elsewhere ('where in the chain?' after saturation: the
    // vocal chain) stays with the conversation's topic, however far down it ranks.
    ranked.find((passage) => followsUp(question, passage, history, context))
  );
}

/** Whether the question says one of the topic's keywords, all its words in their order. */
function saysKeyword(question: string, topic: Topic): boolean {
  const asked = ` ${tokenize(question).join(' ')} `;
  return topic.keywords.some((keyword) => asked.includes(` ${tokenize(keyword).join(' ')} `));
}

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

/**
 * What the tutor makes of a question: its words with slips corrected, the subject it knows it does
 * not cover (read in the words as typed and as corrected), the passages ranked, and the one to
 * answer from, if any.
 */
function understand(question: string, history: readonly Turn[], context: readonly string[]) {
  const asked = spelling.correct(withoutOpening(question));
  const scope = outOfScope(question) ?? outOfScope(asked);
  const corrected = history.map((turn) =>
    turn.role === 'user' ? { ...turn, content: spelling.correct(turn.content) } : turn,
  );
  const ranked = retrieve(asked, corrected, context);
  const best = scope ? undefined : pickBest(asked, ranked, corrected, context);
  return { asked, scope, ranked, best };
}

/** The topics that fit a question, best first; reference tracks and catalogue matches come from these. */
export function relevantTopics(
  question: string,
  history: readonly Turn[] = [],
  context: readonly string[] = [],
): Topic[] {
  if (smallTalk(question)) return [];
  const { ranked, best } = understand(question, history, context);
  if (!best) return [];
  const topics: Topic[] = [best.topic];
  for (const passage of ranked) {
    if (passage.score < best.score * SECOND_TOPIC_SHARE) break;
    if (!topics.includes(passage.topic)) topics.push(passage.topic);
  }
  return topics.slice(0, 2);
}

/**
 * The topics to offer instead when the notes hold nothing on a question, best first; empty when
 * they answer it (or it is a greeting). The chat screen shows them as buttons that ask them.
 */
export function suggestedTopics(
  question: string,
  history: readonly Turn[] = [],
  context: readonly string[] = [],
): Topic[] {
  if (smallTalk(question)) return [];
  const { scope, ranked, best } = understand(question, history, context);
  return best ? [] : nearestTopics(ranked, scope);
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

/** The topics nearest a question the tutor declines, best first, for it to offer instead. */
function nearestTopics(ranked: readonly ScoredPassage[], scope: OutOfScope | undefined): Topic[] {
  const topics: Topic[] = [];
  const add = (topic: Topic | undefined) => {
    if (topic && !topics.includes(topic)) topics.push(topic);
  };
  for (const id of scope?.nearest ?? []) add(TOPICS.find((t) => t.id === id));
  for (const passage of ranked) add(passage.topic);
  // A question that shares no word with the notes still gets a starting point.
  for (const id of ['mix-balance', 'punchy-drums', 'arrangement']) add(TOPICS.find((t) => t.id === id));
  return topics.slice(0, NEAREST_TOPICS);
}

/** Titles as a sentence's list: 'a, b or c'. */
function listOr(titles: readonly string[]): string {
  return titles.length <= 1 ? titles.join('') : `${titles.slice(0, -1).join(', ')} or ${titles.at(-1) ?? ''}`;
}

/**
 * The honest decline: what the tutor cannot answer, who can (for a subject it knows it does not
 * cover), and the topics nearest the question to ask about instead, in a sentence that reads
 * aloud as well (the voice agent speaks it); the chat screen offers them as buttons too.
 */
function decline(scope: OutOfScope | undefined, nearest: readonly Topic[]): string {
  const opening = scope
    ? `${scope.subject} ${/ and |^\w+s\b/.test(scope.subject) ? 'are' : 'is'} outside what I know, so I will not guess: ${scope.referral}`
    : 'I do not have anything in my notes that answers that, so rather than give you an unrelated answer I will say so plainly. My notes cover music production: mixing, sound design, arrangement, mastering and the genres on Klang.';
  return [
    opening,
    `The nearest topics I can help with are ${listOr(nearest.map((topic) => lowerFirst(topic.title)))}. Ask about one of these, or describe a problem in your track (for example "my drums sound weak").`,
  ].join('\n\n');
}

/** A passage's sentences; a sentence ends at . ! or ? before a capital (titles keep their dots). */
export function sentences(passage: string): string[] {
  return passage.split(/(?<=[.!?])\s+(?=[A-Z])/).filter((sentence) => sentence.trim() !== '');
}

/**
 * Composes an answer from the passages that fit: a line naming the topic, the main topic's best
 * passages in their written order as short numbered steps (one sentence each, in markdown), a
 * passage of a closely related topic, and the reference tracks to study. Passages the tutor
 * already said in this conversation give way to ones it has not, so 'tell me more' moves on.
 * When nothing fits, or the question is about something the notes do not cover, it declines
 * and offers the nearest topics instead of an unrelated article.
 */
export function answer(
  question: string,
  history: readonly Turn[] = [],
  context: readonly string[] = [],
): TutorAnswer {
  const social = smallTalk(question);
  if (social) return { text: social, topics: [], nearest: [] };
  const { asked, scope, ranked, best } = understand(question, history, context);
  if (!best) {
    const nearest = nearestTopics(ranked, scope);
    return { text: decline(scope, nearest), topics: [], nearest };
  }
  const said = history.filter((turn) => turn.role === 'assistant').map((turn) => turn.content);
  const fresh = (passage: ScoredPassage) =>
    !said.some((text) => text.includes(sentences(passage.text)[0] ?? passage.text));

  const main = best.topic;
  const mainPassages = ranked.filter((p) => p.topic === main);
  const unsaid = mainPassages.filter(fresh);
  const pool = unsaid.length > 0 ? unsaid : mainPassages;
  const chosen = pool.filter((p, i) => i === 0 || p.score >= best.score * MORE_PASSAGES_SHARE).slice(0, 2);
  chosen.sort((a, b) => a.index - b.index);

  const second = ranked.find(
    (p) => p.topic !== main && p.score >= best.score * SECOND_TOPIC_SHARE && fresh(p),
  );
  const wantsTracks = RECOMMENDATION_WORDS.test(asked);
  const isFollowUp = unsaid.length < mainPassages.length;

  const paragraphs: string[] = [];
  if (isFollowUp) {
    paragraphs.push(`Building on what we covered about ${lowerFirst(main.title)}, here is more to try:`);
  } else if (wantsTracks) {
    paragraphs.push(`Here are tracks worth studying for ${lowerFirst(main.title)}, and what to listen for:`);
  } else {
    paragraphs.push(`Here is how I would approach ${lowerFirst(main.title)}:`);
  }
  const steps = chosen.flatMap((p) => sentences(p.text));
  paragraphs.push(steps.map((step, i) => `${i + 1}. ${step}`).join('\n'));
  if (second)
    paragraphs.push(`**It also helps to think about ${lowerFirst(second.topic.title)}.** ${second.text}`);
  const references = main.references.slice(0, 3);
  if (references.length > 0) {
    paragraphs.push(
      `For reference, listen to ${listReferences(references)}${
        wantsTracks ? ' (each is linked below)' : ''
      }, and notice how they handle this.`,
    );
  }
  return {
    text: paragraphs.join('\n\n'),
    topics: second ? [main, second.topic] : [main],
    nearest: [],
  };
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
