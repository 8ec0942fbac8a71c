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
  // Start from what the element is doing now: a screen that mounts mid-track (the mini player
  // on another screen) has missed the events that told earlier screens the duration.
  const [state, setState] = useState<AudioState>(() => {
    const audio = getAudioElement();
    return {
      isPlaying: !audio.paused && !audio.ended,
      isLoading: Boolean(audio.getAttribute('src')) && audio.readyState < 3 && !audio.paused,
      currentTime: audio.currentTime,
      duration: Number.isFinite(audio.duration) ? audio.duration : 0,
      hasError: audio.error !== null && Boolean(audio.getAttribute('src')),
    };
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
