import { useEffect } from 'react';
import { LIMITS, playerEndpoints, POINTS } from '@klang/domain';
import { api } from '../../../lib/api-client';
import { getAudioElement } from '../audio/audio-engine';
import { usePlayerStore } from '../player-store';
import { showPointsToast } from '../points-toast';
import { announceChanges } from '../server-changes';

const TICK_MS = LIMITS.listeningTickSeconds * 1000;

/**
 * The listening timer of spec 000 §4: every 30 s of real playback by a signed-in user adds 30 s.
 * For tracks played from the charts or the library, the whole minutes are sent once 60 s have
 * gathered and the rest is kept; other origins only accumulate. The server decides how many of
 * the minutes it credits (never more than have passed), and the points it awarded for them show.
 */
export function useListeningTimer(isSignedIn: boolean): void {
  useEffect(() => {
    if (!isSignedIn) return;
    const timer = window.setInterval(() => {
      const audio = getAudioElement();
      if (audio.paused || audio.ended || audio.readyState < 3) return;
      const { trackOrigin, accumulatedListeningTime } = usePlayerStore.getState();
      const total = accumulatedListeningTime + LIMITS.listeningTickSeconds;
      if ((trackOrigin === 'charts' || trackOrigin === 'library') && total >= 60) {
        const minutes = Math.min(LIMITS.listeningMinutesPerCallMax, Math.floor(total / 60));
        usePlayerStore.setState({ accumulatedListeningTime: total - minutes * 60 });
        void api
          .call(playerEndpoints.secureListeningXp, { body: { minutes_listened: minutes } })
          .then(({ minutes_awarded: awarded }) => {
            if (awarded > 0) announceChanges('points');
            showPointsToast(awarded * POINTS.listeningMinute, 'For listening');
          })
          .catch(() => undefined);
        return;
      }
      usePlayerStore.setState({ accumulatedListeningTime: total });
    }, TICK_MS);
    return () => {
      window.clearInterval(timer);
    };
  }, [isSignedIn]);
}
