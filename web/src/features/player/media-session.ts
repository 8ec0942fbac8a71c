import type { RevealedTrack } from './player-store';

/**
 * Lock-screen and headset controls (issue 5). The metadata stays masked until the track is liked:
 * a lock screen is just another place a name could leak.
 */
export function updateMediaSession(
  revealed: RevealedTrack | null,
  actions: { play: () => void; pause: () => void; next?: () => void },
) {
  if (
    typeof navigator === 'undefined' ||
    !('mediaSession' in navigator) ||
    typeof MediaMetadata === 'undefined'
  )
    return;
  navigator.mediaSession.metadata = new MediaMetadata({
    title: revealed?.title ?? '****',
    artist: revealed?.artist ?? 'Unknown artist',
    album: 'Klang',
  });
  navigator.mediaSession.setActionHandler('play', actions.play);
  navigator.mediaSession.setActionHandler('pause', actions.pause);
  navigator.mediaSession.setActionHandler('nexttrack', actions.next ?? null);
}
