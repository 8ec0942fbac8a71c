import { BLIND_SHARE_MESSAGES, BLIND_SHARE_RULES } from '@klang/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { playerApi } from '../api/player-api';

export type BlindPreviewState = 'idle' | 'loading' | 'playing' | 'paused' | 'ended';

/** The preview's last stretch fades out rather than stopping mid-bar. */
const FADE_MS = 2000;
/** A URL older than this is asked for again on resume: it expires a minute later. */
const FRESH_MS = (BLIND_SHARE_RULES.previewUrlSeconds - 60) * 1000;

/**
 * A share link's blind preview (decision 0308) on an audio element of its own, kept for the
 * page's lifetime: a visitor is in no deck, so the app's one player is not theirs. Each play from
 * the start asks the server for a fresh sealed URL, as does a resume once that URL is near its
 * end; the preview stops at the length the server states (the file's padding is silence a
 * decoder may count), fading out over its last seconds.
 */
export function useBlindPreview(token: string) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const lengthRef = useRef(0);
  const issuedAt = useRef(0);
  const [state, setState] = useState<BlindPreviewState>('idle');
  const [elapsedMs, setElapsedMs] = useState(0);
  const [lengthMs, setLengthMs] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = new Audio();
    element.preload = 'none';
    audio.current = element;
    const finish = () => {
      setState('ended');
      setElapsedMs(lengthRef.current);
    };
    const onTime = () => {
      const at = element.currentTime * 1000;
      const end = lengthRef.current;
      if (end > 0 && at >= end) {
        element.pause();
        finish();
        return;
      }
      element.volume = end > 0 ? Math.max(0, Math.min(1, (end - at) / FADE_MS)) : 1;
      setElapsedMs(at);
    };
    const onPlaying = () => {
      setState('playing');
    };
    const onPause = () => {
      setState((current) => (current === 'ended' ? current : 'paused'));
    };
    const onError = () => {
      setState('idle');
      setError(BLIND_SHARE_MESSAGES.previewFailed);
    };
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('playing', onPlaying);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', finish);
    element.addEventListener('error', onError);
    return () => {
      element.pause();
      element.removeAttribute('src');
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('playing', onPlaying);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', finish);
      element.removeEventListener('error', onError);
      audio.current = null;
    };
  }, []);

  const play = useCallback(async () => {
    const element = audio.current;
    if (!element) return;
    setError(null);
    try {
      const isFresh = Date.now() - issuedAt.current < FRESH_MS;
      if (state === 'paused' && isFresh) {
        await element.play();
        return;
      }
      // Paused long enough for its URL to expire, it goes on from where it was on a new one.
      const resumeAt = state === 'paused' ? element.currentTime : 0;
      setState('loading');
      const preview = await playerApi.sharePreview(token);
      issuedAt.current = Date.now();
      lengthRef.current = preview.durationMs;
      setLengthMs(preview.durationMs);
      setElapsedMs(resumeAt * 1000);
      element.volume = 1;
      element.src = preview.url;
      element.currentTime = resumeAt;
      await element.play();
    } catch (failure) {
      // A pause arriving before the start aborts play(): not an error for the visitor.
      if (failure instanceof DOMException && failure.name === 'AbortError') return;
      setState('idle');
      setError(failure instanceof ApiError ? failure.message : BLIND_SHARE_MESSAGES.previewFailed);
    }
  }, [state, token]);

  const pause = useCallback(() => {
    audio.current?.pause();
  }, []);

  return { state, elapsedMs, lengthMs, error, play, pause };
}
