import { useEffect, useState } from 'react';
import { getAudioElement } from '../audio/audio-engine';

interface AudioState {
  isPlaying: boolean;
  isLoading: boolean;
  currentTime: number;
  duration: number;
  hasError: boolean;
}

/** The shared audio element's state, as React state: playing, loading, time, duration, errors. */
export function useAudioState(): AudioState {
  const [state, setState] = useState<AudioState>({
    isPlaying: false,
    isLoading: false,
    currentTime: 0,
    duration: 0,
    hasError: false,
  });
  useEffect(() => {
    const audio = getAudioElement();
    // What each media event changes; an error counts only while a source is set (a reset is not one).
    const changes: Record<string, () => Partial<AudioState>> = {
      play: () => ({ isPlaying: true, hasError: false }),
      playing: () => ({ isPlaying: true, isLoading: false }),
      pause: () => ({ isPlaying: false }),
      waiting: () => ({ isLoading: true }),
      loadstart: () => ({ isLoading: true, currentTime: 0 }),
      canplay: () => ({ isLoading: false }),
      timeupdate: () => ({ currentTime: audio.currentTime }),
      durationchange: () => ({ duration: Number.isFinite(audio.duration) ? audio.duration : 0 }),
      ended: () => ({ isPlaying: false }),
      error: () => ({ isPlaying: false, isLoading: false, hasError: Boolean(audio.getAttribute('src')) }),
    };
    const listeners = Object.entries(changes).map(([name, change]) => {
      const listener = () => {
        setState((previous) => ({ ...previous, ...change() }));
      };
      audio.addEventListener(name, listener);
      return [name, listener] as const;
    });
    return () => {
      for (const [name, listener] of listeners) audio.removeEventListener(name, listener);
    };
  }, []);
  return state;
}
