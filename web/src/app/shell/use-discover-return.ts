import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getAudioElement } from '../../features/player/audio/audio-engine';
import { usePlayerStore } from '../../features/player/player-store';
import { paths } from '../paths';

/**
 * Spec 002 §4: when a Discover track ends while the listener is on another screen, take them
 * back to /player, where the next blind track waits.
 */
export function useDiscoverReturn(): void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    const audio = getAudioElement();
    const onEnded = () => {
      if (usePlayerStore.getState().trackOrigin === 'player' && pathname !== paths.player) {
        void navigate(paths.player);
      }
    };
    audio.addEventListener('ended', onEnded);
    return () => {
      audio.removeEventListener('ended', onEnded);
    };
  }, [navigate, pathname]);
}
