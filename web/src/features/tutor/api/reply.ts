import { TUTOR_MESSAGES, tutorTopicSchema, type TutorTopic } from '@klang/domain';

/** A tutor reply as the screens use it. */
export interface TutorReply {
  content: string;
  /** A data URL of the reply's MP3, when the server sent audio. */
  audioUrl: string | null;
  spotifyUrls: string[];
  /** The topics the tutor offers when its notes hold nothing on the question, each asked by a button. */
  suggestedTopics: TutorTopic[];
}

const OBJECT_MARKER = '[object Object]';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The reply text from any of the shapes spec 002 §3 accepts: content, text or message (each a
 * string, a nested `{content}` or `{text}`, or an array of those), OpenAI-style choices, or the
 * body itself as a string or an array.
 */
export function extractText(body: unknown, depth = 0): string | null {
  if (depth > 4) return null;
  if (typeof body === 'string') return body;
  if (Array.isArray(body)) {
    const parts = body.map((item) => extractText(item, depth + 1)).filter((part) => part !== null);
    return parts.length > 0 ? parts.join('\n\n') : null;
  }
  if (!isRecord(body)) return null;
  for (const key of ['content', 'text', 'message'] as const) {
    const found = extractText(body[key], depth + 1);
    if (found !== null && found.trim() !== '') return found;
  }
  if (Array.isArray(body.choices)) {
    const first: unknown = body.choices[0];
    if (isRecord(first)) return extractText(first.message ?? first.text ?? first.delta, depth + 1);
  }
  return null;
}

/** Bold markers (`**text**`, `__text__`) are stripped (spec 002 §3). */
export function stripBold(text: string): string {
  return text
    .replace(/\*\*(.*?)\*\*/gs, '$1')
    .replace(/__(.*?)__/gs, '$1')
    .replace(/\*\*|__/g, '');
}

function links(body: Record<string, unknown>): string[] {
  const value = body.spotifyUrls ?? body.spotify;
  const list = Array.isArray(value) ? value : [value];
  return list.filter((url): url is string => typeof url === 'string' && url.trim() !== '');
}

/** The offered topics: only well-formed ones, so a stray shape shows no button rather than breaking the bubble. */
function topics(body: Record<string, unknown>): TutorTopic[] {
  const value = Array.isArray(body.suggestedTopics) ? body.suggestedTopics : [];
  return value.flatMap((item) => {
    const topic = tutorTopicSchema.safeParse(item);
    return topic.success ? [topic.data] : [];
  });
}

/**
 * Reads a tutor function's reply (spec 002 §3, §8). Klang's server answers the contract's shape
 * (decision 0238); the other shapes the spec lists are read too. When nothing usable is found the text is the
 * fallback, and an empty reply, the fallback itself or a stringified object is refused with
 * 'Invalid response format from API' rather than shown as an answer.
 */
export function readTutorReply(body: unknown): TutorReply {
  const raw = extractText(body);
  const content = stripBold(raw ?? TUTOR_MESSAGES.fallback).trim();
  if (content === '' || content === TUTOR_MESSAGES.fallback || content.includes(OBJECT_MARKER)) {
    throw new Error(TUTOR_MESSAGES.invalidFormat);
  }
  const record = isRecord(body) ? body : {};
  const audio = typeof record.audio === 'string' && record.audio !== '' ? record.audio : null;
  return {
    content,
    audioUrl: audio ? (audio.startsWith('data:') ? audio : `data:audio/mpeg;base64,${audio}`) : null,
    spotifyUrls: links(record),
    suggestedTopics: topics(record),
  };
}
