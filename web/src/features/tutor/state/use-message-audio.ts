import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Plays tutor messages' audio, one at a time (spec 002 §4): playing another stops the first,
 * pressing the playing one stops it. A failed playback is logged and the screen carries on (§8).
 */
export function useMessageAudio() {
  const [playingId, setPlayingId] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    setPlayingId(null);
  }, []);

  const toggle = useCallback(
    (id: string, url: string) => {
      const wasPlaying = playingId === id;
      stop();
      if (wasPlaying) return;
      const element = new Audio(url);
      audio.current = element;
      element.onended = () => {
        if (audio.current === element) stop();
      };
      setPlayingId(id);
      element.play().catch((error: unknown) => {
        console.error('Tutor audio playback failed', error);
        if (audio.current === element) stop();
      });
    },
    [playingId, stop],
  );

  useEffect(() => stop, [stop]);

  return { playingId, toggle, stop };
}
