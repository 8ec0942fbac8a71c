import type { Conversation, Mode, Status } from '@elevenlabs/client';
import {
  microphoneErrorMessage,
  TUTOR_MESSAGES,
  VOICE_AGENT_LIBSAMPLERATE_PATH,
  VOICE_AGENT_RECOMMENDATIONS_TOOL,
  VOICE_AGENT_WORKLET_PATHS,
  voiceAgentRecommendationsSchema,
  type VoiceAgentRecommendations,
} from '@klang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchVoiceAgentSession } from '../api/tutor-api';

export type AgentLabel = 'ready' | 'listening' | 'speaking' | 'processing';

export interface AgentLine {
  role: 'user' | 'agent';
  text: string;
}

/** Messages that are about the microphone, whichever layer (browser, SDK) raised them. */
const MICROPHONE_FAILURE =
  /NotFound|NotAllowed|NotReadable|Overconstrained|Security|device|microphone|permission/i;

/**
 * What the screen says for a failure: the spec's microphone texts (§8) for the microphone, the
 * tutor's own sentence for anything else. The raw error goes to the console, never the screen.
 */
function friendlyError(error: unknown): string {
  const raw = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return MICROPHONE_FAILURE.test(raw) ? microphoneErrorMessage(error) : TUTOR_MESSAGES.voiceAgentUnavailable;
}

/**
 * The live voice agent (spec 002 §2.5, §4): the official ElevenLabs SDK over a WebSocket to the
 * signed URL the server hands out (Klang's own agent or ElevenLabs'), its worklets served from
 * Klang's paths (§9). Status and mode come from the SDK; the label is overridden to 'processing'
 * between a user turn and the agent's answer, cleared on connect, and reads 'ready' when
 * disconnected. Microphone permission is asked first, once.
 *
 * Typed mode (`start({ typed: true })`) opens a text-only session: no microphone is asked for,
 * so an artist without one, or who refused it, still talks with Abel by typing or through the
 * browser's own speech recognition (the screen sends its transcript as a typed turn).
 */
export function useVoiceAgent() {
  const [status, setStatus] = useState<Status>('disconnected');
  const [mode, setMode] = useState<Mode>('listening');
  const [override, setOverride] = useState<AgentLabel | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [lines, setLines] = useState<AgentLine[]>([]);
  const [recommendations, setRecommendations] = useState<VoiceAgentRecommendations | null>(null);
  const conversation = useRef<Conversation | null>(null);
  const [typed, setTyped] = useState(false);
  const [microphoneFailed, setMicrophoneFailed] = useState(false);
  const micGranted = useRef(false);

  const start = useCallback(async (options: { typed?: boolean } = {}) => {
    if (conversation.current) return;
    const textOnly = options.typed === true;
    setError(null);
    setTyped(textOnly);
    // A new session starts a new conversation: its greeting is the only one on screen.
    setLines([]);
    setRecommendations(null);
    if (!textOnly && !micGranted.current) {
      try {
        const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        for (const track of stream.getTracks()) track.stop();
        micGranted.current = true;
        setMicrophoneFailed(false);
      } catch (failure) {
        console.error('Microphone unavailable', failure);
        setMicrophoneFailed(true);
        setError(microphoneErrorMessage(failure));
        return;
      }
    }
    try {
      setStatus('connecting');
      // The SDK (with its WebRTC dependency, about 150 kB compressed) loads when a session starts.
      const [{ Conversation: Sdk }, session] = await Promise.all([
        import('@elevenlabs/client'),
        fetchVoiceAgentSession(),
      ]);
      conversation.current = await Sdk.startSession({
        signedUrl: session.signedUrl,
        connectionType: 'websocket',
        textOnly,
        workletPaths: VOICE_AGENT_WORKLET_PATHS,
        libsampleratePath: VOICE_AGENT_LIBSAMPLERATE_PATH,
        clientTools: {
          [VOICE_AGENT_RECOMMENDATIONS_TOOL]: (parameters: unknown) => {
            const parsed = voiceAgentRecommendationsSchema.safeParse(parameters);
            if (!parsed.success) throw new Error('Recommendations without titles and artists');
            setRecommendations(parsed.data);
            return 'Shown to the user';
          },
        },
        onConnect: () => {
          setOverride(null);
        },
        onDisconnect: (details) => {
          conversation.current = null;
          setOverride(null);
          if (details.reason === 'error') {
            console.error('Voice agent disconnected', details.message);
            setError(friendlyError(details.message));
          }
        },
        onError: (message) => {
          console.error('Voice agent error', message);
          setError(friendlyError(message));
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
      setError(friendlyError(failure));
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
  // A typed session sends no audio: nothing of it listens (the screen says so when the
  // browser's recognition does).
  const label: AgentLabel = !isConnected
    ? 'ready'
    : (override ?? (mode === 'speaking' ? 'speaking' : typed ? 'ready' : 'listening'));
  return {
    status,
    label,
    isConnected,
    typed,
    microphoneFailed,
    error,
    lines,
    recommendations,
    start,
    stop,
    sendText,
  };
}
