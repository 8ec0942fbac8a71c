import type { Conversation, Mode, Status } from '@elevenlabs/client';
import { VOICE_AGENT_LIBSAMPLERATE_PATH, VOICE_AGENT_WORKLET_PATHS } from '@klang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchVoiceAgentSession } from '../api/tutor-api';

export type AgentLabel = 'ready' | 'listening' | 'speaking' | 'processing';

export interface AgentLine {
  role: 'user' | 'agent';
  text: string;
}

/** The client tool the local agent calls with its reference tracks (server agent-server.ts). */
const SHOW_RECOMMENDATIONS = 'show_recommendations';

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The live voice agent (spec 002 §2.5, §4): the official ElevenLabs SDK over a WebSocket to the
 * signed URL the server hands out (Klang's own agent or ElevenLabs'), its worklets served from
 * Klang's paths (§9). Status and mode come from the SDK; the label is overridden to 'processing'
 * between a user turn and the agent's answer, cleared on connect, and reads 'ready' when
 * disconnected. Microphone permission is asked first, once.
 */
export function useVoiceAgent() {
  const [status, setStatus] = useState<Status>('disconnected');
  const [mode, setMode] = useState<Mode>('listening');
  const [override, setOverride] = useState<AgentLabel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lines, setLines] = useState<AgentLine[]>([]);
  const [recommendations, setRecommendations] = useState<{ topic: string; urls: string[] } | null>(null);
  const conversation = useRef<Conversation | null>(null);
  const micGranted = useRef(false);

  const start = useCallback(async () => {
    if (conversation.current) return;
    setError(null);
    try {
      if (!micGranted.current) {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        for (const track of stream.getTracks()) track.stop();
        micGranted.current = true;
      }
      setStatus('connecting');
      // The SDK (with its WebRTC dependency, about 150 kB compressed) loads when a session starts.
      const [{ Conversation: Sdk }, session] = await Promise.all([
        import('@elevenlabs/client'),
        fetchVoiceAgentSession(),
      ]);
      conversation.current = await Sdk.startSession({
        signedUrl: session.signedUrl,
        connectionType: 'websocket',
        workletPaths: VOICE_AGENT_WORKLET_PATHS,
        libsampleratePath: VOICE_AGENT_LIBSAMPLERATE_PATH,
        clientTools: {
          [SHOW_RECOMMENDATIONS]: (parameters: { topic?: unknown; spotify_urls?: unknown }) => {
            const urls = Array.isArray(parameters.spotify_urls)
              ? parameters.spotify_urls.filter((url): url is string => typeof url === 'string')
              : [];
            setRecommendations({ topic: typeof parameters.topic === 'string' ? parameters.topic : '', urls });
            return 'Shown to the user';
          },
        },
        onConnect: () => {
          setOverride(null);
        },
        onDisconnect: (details) => {
          conversation.current = null;
          setOverride(null);
          if (details.reason === 'error') setError(details.message);
        },
        onError: (message) => {
          console.error('Voice agent error', message);
          setError(message);
        },
        onStatusChange: ({ status: next }) => {
          setStatus(next);
        },
        onModeChange: ({ mode: next }) => {
          setMode(next);
          if (next === 'speaking') setOverride(null);
        },
        onMessage: ({ role, message }) => {
          setLines((previous) => [
            ...previous.slice(-5),
            { role: role === 'user' ? 'user' : 'agent', text: message },
          ]);
          setOverride(role === 'user' ? 'processing' : null);
        },
      });
    } catch (failure) {
      console.error('Voice agent start failed', failure);
      conversation.current = null;
      setStatus('disconnected');
      setError(messageOf(failure));
    }
  }, []);

  const stop = useCallback(async () => {
    try {
      await conversation.current?.endSession();
    } catch (failure) {
      console.error('Voice agent stop failed', failure);
    }
    conversation.current = null;
  }, []);

  const sendText = useCallback((text: string) => {
    const trimmed = text.trim();
    if (!trimmed || !conversation.current) return;
    conversation.current.sendUserMessage(trimmed);
    setLines((previous) => [...previous.slice(-5), { role: 'user', text: trimmed }]);
    setOverride('processing');
  }, []);

  useEffect(
    () => () => {
      void conversation.current?.endSession();
    },
    [],
  );

  const isConnected = status === 'connected';
  const label: AgentLabel = !isConnected
    ? 'ready'
    : (override ?? (mode === 'speaking' ? 'speaking' : 'listening'));
  return { status, label, isConnected, error, lines, recommendations, start, stop, sendText };
}
