import { microphoneErrorMessage, speechErrorMessage, TUTOR_LIMITS, TUTOR_MESSAGES } from '@klang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { askTutor, type TutorVariant } from '../api/tutor-api';
import { newId, userMessage, type Message } from './conversations';
import {
  createRecognition,
  MICROPHONE_CONSTRAINTS,
  readResults,
  recognitionConstructor,
  type Recognition,
} from './speech';

export type VoiceLabel = 'ready' | 'listening' | 'processing' | 'speaking';

/** Errors the voice session does not show: silence and its own stopping (spec 002 §8). */
const QUIET_ERRORS = new Set(['no-speech', 'aborted']);

/**
 * The tutor's voice session (spec 002 §4): microphone first, then listening with the browser's
 * recognition; a final result (or an interim one followed by 1.5 s of silence) is processed and
 * the reply spoken; listening restarts 1 s after it ends, after a reply without audio, or after
 * an error, while the session is active and idle. Closing stops everything and hands the
 * session's messages to `onSave`.
 */
export function useVoiceSession(variant: TutorVariant, onSave: (messages: Message[]) => void) {
  const [isActive, setActive] = useState(false);
  const [isListening, setListening] = useState(false);
  const [isProcessing, setProcessing] = useState(false);
  const [isSpeaking, setSpeaking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [messages, setMessages] = useState<Message[]>([]);

  // The callbacks of recognition and audio outlive renders: they read the live state from here.
  const live = useRef({ active: false, busy: false, messages: [] as Message[] });
  const recognition = useRef<Recognition | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  const restartTimer = useRef<number | null>(null);
  const silenceTimer = useRef<number | null>(null);
  const onSaveRef = useRef(onSave);
  useEffect(() => {
    onSaveRef.current = onSave;
  });

  const clearTimer = (timer: { current: number | null }) => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  const listenRef = useRef<() => void>(() => undefined);

  const scheduleRestart = useCallback(() => {
    clearTimer(restartTimer);
    restartTimer.current = window.setTimeout(() => {
      restartTimer.current = null;
      if (live.current.active && !live.current.busy) listenRef.current();
    }, TUTOR_LIMITS.autoRestartMs);
  }, []);

  const addMessage = (message: Message) => {
    live.current.messages = [...live.current.messages, message];
    setMessages(live.current.messages);
  };

  const process = useCallback(
    async (text: string) => {
      live.current.busy = true;
      setProcessing(true);
      const history = live.current.messages;
      addMessage(userMessage(text));
      try {
        const reply = await askTutor(variant, text, history);
        if (!live.current.active) return;
        addMessage({
          id: newId(),
          type: 'ai',
          content: reply.content,
          timestamp: new Date().toISOString(),
          audioUrl: reply.audioUrl,
          spotifyUrls: reply.spotifyUrls,
        });
        setProcessing(false);
        if (!reply.audioUrl) {
          live.current.busy = false;
          scheduleRestart();
          return;
        }
        const element = new Audio(reply.audioUrl);
        audio.current = element;
        const done = () => {
          if (audio.current !== element) return;
          audio.current = null;
          setSpeaking(false);
          live.current.busy = false;
          scheduleRestart();
        };
        element.onended = done;
        setSpeaking(true);
        await element.play().catch((failure: unknown) => {
          console.error('Tutor audio playback failed', failure);
          done();
        });
      } catch {
        if (!live.current.active) return;
        setError(TUTOR_MESSAGES.failedToGenerate);
        setProcessing(false);
        live.current.busy = false;
        scheduleRestart();
      }
    },
    [scheduleRestart, variant],
  );

  const listen = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor || !live.current.active || live.current.busy || recognition.current) return;
    const r = createRecognition(Constructor);
    let heard = '';
    const finish = (text: string) => {
      clearTimer(silenceTimer);
      if (recognition.current !== r || !text) return;
      recognition.current = null;
      r.stop();
      setListening(false);
      // A new question: the last error (shown until now, across restarts) is behind us.
      setError(null);
      void process(text);
    };
    r.onstart = () => {
      setListening(true);
    };
    r.onresult = (event) => {
      const { final, interim } = readResults(event);
      if (final) {
        finish(final);
        return;
      }
      // Silence check: an interim result not followed by more speech for 1.5 s is taken as said.
      heard = interim;
      clearTimer(silenceTimer);
      silenceTimer.current = window.setTimeout(() => {
        finish(heard);
      }, TUTOR_LIMITS.silenceCheckMs);
    };
    r.onerror = (event) => {
      if (!QUIET_ERRORS.has(event.error)) setError(speechErrorMessage(event.error));
    };
    r.onend = () => {
      clearTimer(silenceTimer);
      if (recognition.current === r) recognition.current = null;
      setListening(false);
      if (live.current.active && !live.current.busy) scheduleRestart();
    };
    recognition.current = r;
    try {
      r.start();
    } catch {
      recognition.current = null;
      setError(TUTOR_MESSAGES.failedToStartRecognition);
      scheduleRestart();
    }
  }, [process, scheduleRestart]);

  useEffect(() => {
    listenRef.current = listen;
  }, [listen]);

  /** Microphone access first (spec 002 §9 constraints), then the session is active and ready. */
  const start = useCallback(async () => {
    if (!recognitionConstructor()) {
      setError(TUTOR_MESSAGES.recognitionUnsupported);
      return false;
    }
    try {
      stream.current = await navigator.mediaDevices.getUserMedia(MICROPHONE_CONSTRAINTS);
    } catch (failure) {
      // The spec's words for no device or a refusal (§8), else its generic microphone text.
      setError(microphoneErrorMessage(failure));
      return false;
    }
    live.current = { active: true, busy: false, messages: [] };
    setMessages([]);
    setError(null);
    setActive(true);
    return true;
  }, []);

  const close = useCallback(() => {
    const saved = live.current.messages;
    live.current = { active: false, busy: false, messages: [] };
    clearTimer(restartTimer);
    clearTimer(silenceTimer);
    recognition.current?.abort();
    recognition.current = null;
    audio.current?.pause();
    audio.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    setActive(false);
    setListening(false);
    setProcessing(false);
    setSpeaking(false);
    setMessages([]);
    if (saved.length > 0) onSaveRef.current(saved);
  }, []);

  useEffect(() => close, [close]);

  const label: VoiceLabel = isSpeaking
    ? 'speaking'
    : isProcessing
      ? 'processing'
      : isListening
        ? 'listening'
        : 'ready';

  return {
    isActive,
    isIdle: isActive && !isListening && !isProcessing && !isSpeaking,
    label,
    error,
    messages,
    start,
    listen,
    close,
  };
}
