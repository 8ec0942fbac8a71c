import { DEMO_PLAYER_MESSAGES, type DemoTrack } from '@klang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A random track other than the current one (spec 000 §4 Demo player). */
export function pickNextTrack(
  tracks: readonly DemoTrack[],
  currentId: string | undefined,
  random = Math.random,
) {
  const others = tracks.filter((track) => track.id !== currentId);
  const pool = others.length > 0 ? others : tracks;
  return pool[Math.floor(random() * pool.length)];
}

/**
 * One audio element for the demo player, kept for the page's lifetime (docs/footguns.md: audio
 * element lifetime). Errors are the spec's texts: a track that will not load, or play() refused.
 */
export function useDemoPlayer(tracks: readonly DemoTrack[] | undefined) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [current, setCurrent] = useState<DemoTrack | undefined>();
  const [isPlaying, setIsPlaying] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [time, setTime] = useState({ elapsed: 0, duration: 0 });

  useEffect(() => {
    const element = new Audio();
    element.preload = 'none';
    audio.current = element;
    const onPlaying = () => {
      setIsPlaying(true);
      setIsLoading(false);
    };
    const onPause = () => {
      setIsPlaying(false);
    };
    const onTime = () => {
      setTime({
        elapsed: element.currentTime,
        duration: Number.isFinite(element.duration) ? element.duration : 0,
      });
    };
    const onError = () => {
      setIsPlaying(false);
      setIsLoading(false);
      setError(DEMO_PLAYER_MESSAGES.trackFailed);
    };
    element.addEventListener('playing', onPlaying);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onPause);
    element.addEventListener('error', onError);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('durationchange', onTime);
    return () => {
      element.pause();
      element.removeAttribute('src');
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onPause);
      element.removeEventListener('error', onError);
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('durationchange', onTime);
      audio.current = null;
    };
  }, []);

  const start = useCallback(async (track: DemoTrack) => {
    const element = audio.current;
    if (!element) return;
    setError(null);
    setCurrent(track);
    setTime({ elapsed: 0, duration: 0 });
    setIsLoading(true);
    element.src = track.audioUrl;
    try {
      await element.play();
    } catch (failure) {
      // A pause or another track arriving first aborts play(): not an error for the visitor.
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setIsLoading(false);
      setError(DEMO_PLAYER_MESSAGES.playFailed);
    }
  }, []);

  const next = useCallback(() => {
    if (!tracks || tracks.length === 0) return;
    const track = pickNextTrack(tracks, current?.id);
    if (track) void start(track);
  }, [tracks, current, start]);

  const toggle = useCallback(() => {
    const element = audio.current;
    if (!element) return;
    if (!current) {
      next();
      return;
    }
    if (element.paused) {
      setError(null);
      element.play().catch(() => {
        setError(DEMO_PLAYER_MESSAGES.playFailed);
      });
    } else {
      element.pause();
    }
  }, [current, next]);

  return { current, isPlaying, isLoading, error, time, toggle, next };
}
