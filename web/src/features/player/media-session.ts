import { PLAYER_MESSAGES, PRODUCT_NAME } from '@klang/domain';
import { BRAND_ASSETS } from '../../lib/brand-assets';
import { getAudioElement, pauseAudio, resumeTrack } from './audio/audio-engine';
import { discover, useDiscoverStore } from './discover-store';
import { nextInQueue, useListQueueStore } from './list-queue';
import { usePlayerStore } from './player-store';
import { playListedTrack } from './hooks/use-list-playback';

/** The part of `navigator.mediaSession` Klang drives, so a test can hand in its own. */
export type MediaSessionLike = Pick<
  MediaSession,
  'setActionHandler' | 'setPositionState' | 'metadata' | 'playbackState'
>;

/**
 * What the lock screen shows of the current track (issue 32). Masked until the listener likes it,
 * as the mini player is: the brand's name and mark, no title, no cover. A lock screen, a watch
 * or a car's display is just another place a name could leak.
 */
export function lockScreenMetadata(): MediaMetadataInit | null {
  const { currentTrack, revealed } = usePlayerStore.getState();
  if (!currentTrack) return null;
  if (revealed?.trackId !== currentTrack.id)
    return { title: PRODUCT_NAME, artist: PLAYER_MESSAGES.unknownArtist, artwork: [...BRAND_ASSETS.markPng] };
  return {
    title: revealed.title,
    artist: revealed.artist,
    album: PRODUCT_NAME,
    artwork: revealed.coverUrl ? [{ src: revealed.coverUrl }] : [...BRAND_ASSETS.markPng],
  };
}

/**
 * The headset's or lock screen's "next", doing what the screen's own button does: on Discover a
 * skip (a dislike the server records like any other) or, after a reveal, the next blind track;
 * in a play-all, the next liked track; elsewhere nothing, and the button is not offered.
 */
function nextAction(): (() => void) | null {
  const { currentTrack, trackOrigin } = usePlayerStore.getState();
  if (!currentTrack) return null;
  if (trackOrigin === 'player')
    return () => void (useDiscoverStore.getState().reveal ? discover.next() : discover.skip());
  const { queue, clear } = useListQueueStore.getState();
  const next = nextInQueue(queue, { id: currentTrack.id, origin: trackOrigin });
  if (!next || !queue) return null;
  return () => void playListedTrack(next, queue.origin).catch(clear);
}

/**
 * Lock-screen and headset controls for the one audio element: play, pause, seek and next, with
 * the metadata above. Follows the player store from now on; returns the disconnect.
 */
export function connectMediaSession(session: MediaSessionLike): () => void {
  const audio = getAudioElement();
  const play = () => {
    const track = usePlayerStore.getState().currentTrack;
    if (track) resumeTrack(track.id).catch(() => undefined);
  };
  session.setActionHandler('play', play);
  session.setActionHandler('pause', pauseAudio);
  session.setActionHandler('seekto', (details) => {
    if (details.seekTime !== undefined) audio.currentTime = details.seekTime;
  });

  let shown: string | null = null;
  const sync = () => {
    const metadata = lockScreenMetadata();
    // Only when what is shown changes: a new MediaMetadata would reload the artwork.
    const key = metadata && `${metadata.title ?? ''}\n${metadata.artist ?? ''}\n${String(metadata.album)}`;
    if (key !== shown) {
      shown = key;
      session.metadata = metadata && new MediaMetadata(metadata);
    }
    session.setActionHandler('nexttrack', nextAction());
  };
  const syncPosition = () => {
    session.playbackState = audio.paused ? 'paused' : 'playing';
    if (!Number.isFinite(audio.duration)) return;
    session.setPositionState({
      duration: audio.duration,
      playbackRate: audio.playbackRate,
      position: Math.min(audio.currentTime, audio.duration),
    });
  };

  sync();
  const unsubscribes = [
    usePlayerStore.subscribe(sync),
    useDiscoverStore.subscribe(sync),
    useListQueueStore.subscribe(sync),
  ];
  const events = ['play', 'pause', 'durationchange', 'seeked', 'ratechange'];
  for (const name of events) audio.addEventListener(name, syncPosition);
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    for (const name of events) audio.removeEventListener(name, syncPosition);
    for (const action of ['play', 'pause', 'seekto', 'nexttrack'] as const)
      session.setActionHandler(action, null);
    session.metadata = null;
  };
}
