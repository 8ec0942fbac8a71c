import { TUTOR_LIMITS } from '@klang/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { askTutor, type TutorVariant } from '../api/tutor-api';
import {
  loadConversations,
  newId,
  saveConversations,
  titleFor,
  upsert,
  userMessage,
  type Conversation,
  type Message,
} from './conversations';

/**
 * A tutor's text chat (spec 002 §4): conversations stored on the device under the variant's own
 * key, the open conversation, sending with one request at a time, and the error box.
 */
export function useTutorChat(variant: TutorVariant) {
  const [conversations, setConversations] = useState(() => loadConversations(variant));
  const latest = useRef(conversations);
  const [openId, setOpenId] = useState<string | null>(null);
  const [isLoading, setLoading] = useState(false);
  const busy = useRef(false);
  const [error, setError] = useState<string | null>(null);

  const persist = useCallback(
    (list: Conversation[]) => {
      const saved = saveConversations(variant, list);
      latest.current = saved;
      setConversations(saved);
    },
    [variant],
  );

  /** Adds a conversation at the top of the list (the voice session's, on closing it). */
  const addConversation = useCallback(
    (messages: Message[]) => {
      const first = messages[0];
      if (!first) return;
      persist(
        upsert(latest.current, {
          id: newId(),
          title: titleFor(first.content),
          messages,
          lastUpdated: new Date().toISOString(),
        }),
      );
    },
    [persist],
  );

  /** Sends into the open conversation, or starts one; the reply is appended and saved. */
  const send = useCallback(
    async (input: string, conversationId: string | null) => {
      const text = input.trim();
      if (!text || busy.current) return;
      busy.current = true;
      setLoading(true);
      setError(null);
      const now = new Date().toISOString();
      const existing = latest.current.find((c) => c.id === conversationId);
      const history = existing?.messages ?? [];
      const conversation: Conversation = existing
        ? { ...existing, messages: [...history, userMessage(text)], lastUpdated: now }
        : { id: newId(), title: titleFor(text), messages: [userMessage(text)], lastUpdated: now };
      persist(upsert(latest.current, conversation));
      setOpenId(conversation.id);
      try {
        const reply = await askTutor(variant, text, history);
        const answered = latest.current.find((c) => c.id === conversation.id);
        // Deleted while the tutor was thinking: the answer has nowhere to go.
        if (!answered) return;
        const ai: Message = {
          id: newId(),
          type: 'ai',
          content: reply.content,
          timestamp: new Date().toISOString(),
          audioUrl: reply.audioUrl,
          spotifyUrls: reply.spotifyUrls,
          suggestedTopics: reply.suggestedTopics,
        };
        persist(
          upsert(latest.current, {
            ...answered,
            messages: [...answered.messages, ai],
            lastUpdated: ai.timestamp,
          }),
        );
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : String(failure));
      } finally {
        busy.current = false;
        setLoading(false);
      }
    },
    [persist, variant],
  );

  const remove = useCallback(
    (id: string) => {
      persist(latest.current.filter((c) => c.id !== id));
      setOpenId((open) => (open === id ? null : open));
    },
    [persist],
  );

  const close = useCallback(() => {
    setOpenId(null);
  }, []);

  const recent = useMemo(
    () =>
      [...conversations]
        .sort((a, b) => b.lastUpdated.localeCompare(a.lastUpdated))
        .slice(0, TUTOR_LIMITS.recentConversations),
    [conversations],
  );

  return {
    recent,
    open: conversations.find((c) => c.id === openId) ?? null,
    openConversation: setOpenId,
    close,
    send,
    remove,
    addConversation,
    isLoading,
    error,
    setError,
  };
}
