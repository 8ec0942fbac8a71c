import { speechErrorMessage, TUTOR_MESSAGES } from '@klang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createRecognition, readResults, recognitionConstructor, type Recognition } from './speech';

/**
 * Dictation into a text box (spec 002 §4 Tutor text chat): toggles start and stop; a final
 * transcript fills the input and stops dictation. Errors use the spec's texts (§8).
 */
export function useDictation(onTranscript: (text: string) => void, onError: (message: string) => void) {
  const [isListening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const callbacks = useRef({ onTranscript, onError });
  useEffect(() => {
    callbacks.current = { onTranscript, onError };
  });

  const stop = useCallback(() => {
    recognition.current?.stop();
  }, []);

  const start = useCallback(() => {
    const Constructor = recognitionConstructor();
    if (!Constructor) {
      callbacks.current.onError(TUTOR_MESSAGES.recognitionUnsupported);
      return;
    }
    const r = createRecognition(Constructor);
    r.onstart = () => {
      setListening(true);
    };
    r.onresult = (event) => {
      const { final } = readResults(event);
      if (!final) return;
      callbacks.current.onTranscript(final);
      r.stop();
    };
    r.onerror = (event) => {
      callbacks.current.onError(speechErrorMessage(event.error));
    };
    r.onend = () => {
      setListening(false);
      if (recognition.current === r) recognition.current = null;
    };
    recognition.current = r;
    try {
      r.start();
    } catch {
      recognition.current = null;
      callbacks.current.onError(TUTOR_MESSAGES.failedToStartRecognition);
    }
  }, []);

  useEffect(() => () => recognition.current?.abort(), []);

  const toggle = useCallback(() => {
    if (recognition.current) stop();
    else start();
  }, [start, stop]);

  return { isListening, toggle };
}
