import { useEffect } from 'react';
import { connectMediaSession } from '../media-session';

/** The lock screen's and headset's controls, for as long as the signed-in app is open. */
export function useMediaSession(): void {
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    return connectMediaSession(navigator.mediaSession);
  }, []);
}
