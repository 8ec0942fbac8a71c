import { TUTOR_LIMITS, tutorTopicSchema, type TutorTopic } from '@klang/domain';
import type { TutorVariant } from '../api/tutor-api';

/** Spec 002 §3 Message. */
export interface Message {
  id: string;
  type: 'user' | 'ai';
  content: string;
  /** ISO time. */
  timestamp: string;
  audioUrl?: string | null;
  spotifyUrls?: string[];
  /** Topics offered instead of an answer; each is a button that asks it. */
  suggestedTopics?: TutorTopic[];
}

/** Spec 002 §3 Chat conversation, stored on the device only. */
export interface Conversation {
  id: string;
  title: string;
  messages: Message[];
  lastUpdated: string;
}

/** One storage key per tutor variant (spec 002 §3): the two keep separate conversation lists. */
export const CONVERSATION_KEYS: Record<TutorVariant, string> = {
  tutorlab: 'tutorlab-conversations',
  abel: 'abel-conversations',
};

export function newId(): string {
  return crypto.randomUUID();
}

/** First 50 characters of the first message, with an ellipsis if longer. */
export function titleFor(firstMessage: string): string {
  const text = firstMessage.trim();
  return text.length > TUTOR_LIMITS.titleChars ? `${text.slice(0, TUTOR_LIMITS.titleChars)}...` : text;
}

export function userMessage(content: string): Message {
  return { id: newId(), type: 'user', content, timestamp: new Date().toISOString() };
}

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    (m.type === 'user' || m.type === 'ai') &&
    typeof m.content === 'string' &&
    typeof m.timestamp === 'string' &&
    (m.suggestedTopics === undefined || tutorTopicSchema.array().safeParse(m.suggestedTopics).success)
  );
}

function isConversation(value: unknown): value is Conversation {
  if (typeof value !== 'object' || value === null) return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.id === 'string' &&
    typeof c.title === 'string' &&
    typeof c.lastUpdated === 'string' &&
    Array.isArray(c.messages) &&
    c.messages.every(isMessage)
  );
}

/** The stored list, newest first; anything unreadable is left out rather than breaking the screen. */
export function loadConversations(
  variant: TutorVariant,
  storage: Storage = window.localStorage,
): Conversation[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CONVERSATION_KEYS[variant]) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isConversation) : [];
  } catch {
    return [];
  }
}

function withoutAudio(conversation: Conversation): Conversation {
  return { ...conversation, messages: conversation.messages.map((m) => ({ ...m, audioUrl: null })) };
}

/**
 * Saves the list. Reply audio is large (base64 MP3) and localStorage holds about 5 MB: when the
 * list does not fit, older conversations give up their audio first, then all of them. The text is
 * what matters; a message without audio simply has no play button.
 */
export function saveConversations(
  variant: TutorVariant,
  conversations: Conversation[],
  storage: Storage = window.localStorage,
): Conversation[] {
  const attempts = [
    conversations,
    conversations.map((c, i) => (i === 0 ? c : withoutAudio(c))),
    conversations.map(withoutAudio),
  ];
  for (const attempt of attempts) {
    try {
      storage.setItem(CONVERSATION_KEYS[variant], JSON.stringify(attempt));
      return attempt;
    } catch {
      // Over quota (or storage refused): try the lighter list.
    }
  }
  return conversations.map(withoutAudio);
}

/** Places a conversation at the top of the list (replacing its older copy). */
export function upsert(list: Conversation[], conversation: Conversation): Conversation[] {
  return [conversation, ...list.filter((c) => c.id !== conversation.id)];
}

function time(iso: string): string {
  return new Date(iso).toLocaleTimeString();
}

/** Spec 002 §7: lines '[time] TYPE: text', separated by blank lines. */
export function transcriptText(conversation: Conversation): string {
  return conversation.messages
    .map((m) => `[${time(m.timestamp)}] ${m.type === 'user' ? 'USER' : 'AI'}: ${m.content}`)
    .join('\n\n');
}

/** Spec 002 §7: `{first 30 characters of title}-transcript.txt`. */
export function transcriptFileName(conversation: Conversation): string {
  return `${conversation.title.slice(0, TUTOR_LIMITS.transcriptTitleChars)}-transcript.txt`;
}
