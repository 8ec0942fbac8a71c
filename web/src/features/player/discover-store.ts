import { create } from 'zustand';
import {
  FOLLOW_MESSAGES,
  PLAYER_MESSAGES,
  type BlindTrack,
  type NextTrackResponse,
  type Reveal,
} from '@klang/domain';
import { ApiError } from '../../lib/api-error';
import { playerApi } from './api/player-api';
import {
  getAudioElement,
  pauseAudio,
  playTrack,
  preloadTrack,
  resetAudio,
  resumeTrack,
} from './audio/audio-engine';
import { positionMs } from './audio/position';
import { blindNotes } from './blind-notes-store';
import { revealedFrom, usePlayerStore } from './player-store';
import { NO_FILTERS, type DigFilters } from './dig-filters';
import { isOffline, offlinePack } from './offline-pack/offline-pack-store';
import { showPointsToast } from './points-toast';
import { announceChanges } from './server-changes';
import { toast } from '../../components/ui/toast';

/**
 * 'filter-empty' comes only with filters (decision 0266), which the web's filter chips will send.
 * 'offline-empty' and 'offline-no-pack': offline, the pack is played through, or there is none.
 */
export type DiscoverPhase =
  | 'start'
  | 'loading'
  | 'track'
  | 'all-liked'
  | 'empty'
  | 'filter-empty'
  | 'offline-empty'
  | 'offline-no-pack';

/** The end states asked again on each visit, and when the connection comes back. */
const END_PHASES: readonly DiscoverPhase[] = [
  'all-liked',
  'empty',
  'filter-empty',
  'offline-empty',
  'offline-no-pack',
];

interface DiscoverState {
  phase: DiscoverPhase;
  /**
   * The card after a like, for the track on screen; null before the like. It is the like's
   * answer, not a copy of the library or the follows: the card's toggles update it from their own
   * answers and announce the change to the queries that hold those (`server-changes.ts`).
   */
  reveal: Reveal | null;
  error: string | null;
  /** A like or a skip is being recorded. */
  isBusy: boolean;
  /**
   * What the last skips earned, shown for a moment beside the Skip button (not a toast over the
   * page: a listener skips often); quick skips add up. `at` tells one notice from the next.
   */
  skipPoints: { points: number; at: number } | null;
  /** What the deck is dug by (decision 0266); kept while the listener stays on the site. */
  filters: DigFilters;
  /** Mix mode: each next track mixes with the one playing (tempo within 6 %, a neighbouring key). */
  isMixing: boolean;
  /** "Surprise me": the deck deals far more often at random than by taste, this session. */
  isSurprising: boolean;
  /** The deck has learned enough of the listener's taste to deal by it (decision 0285). */
  isTuned: boolean;
  /** An offline pack's track liked on the device: its reveal waits for the network. */
  likedOffline: string | null;
}

const INITIAL: DiscoverState = {
  phase: 'start',
  reveal: null,
  error: null,
  isBusy: false,
  skipPoints: null,
  filters: NO_FILTERS,
  isMixing: false,
  isSurprising: false,
  isTuned: false,
  likedOffline: null,
};

/** The deck's next deal after `currentId`, dug by the listener's filters, mix mode and surprise. */
async function nextDeal(currentId: string | null): Promise<NextTrackResponse> {
  const { filters, isMixing, isSurprising } = useDiscoverStore.getState();
  // A pack track is no deal of the online deck: the deck neither follows it nor mixes with it.
  const dealtFrom = offlinePack.isPackTrack(currentId) ? null : currentId;
  const next = await playerApi.next(dealtFrom, filters, isMixing ? dealtFrom : null, isSurprising);
  if (next.state === 'track' && next.tuned !== useDiscoverStore.getState().isTuned)
    set({ isTuned: next.tuned });
  return next;
}

/** How long a skip's points stay beside the button, and within which quick skips add up. */
const SKIP_POINTS_MS = 1_800;

function noteSkipPoints(points: number): void {
  if (points <= 0) return;
  const at = Date.now();
  const last = useDiscoverStore.getState().skipPoints;
  const total = last && at - last.at < SKIP_POINTS_MS ? last.points + points : points;
  set({ skipPoints: { points: total, at } });
  setTimeout(() => {
    if (useDiscoverStore.getState().skipPoints?.at === at) set({ skipPoints: null });
  }, SKIP_POINTS_MS);
}

/**
 * The Discover flow's state (spec 000 §4, spec 001 §4), outside any component: the Discover
 * screen shows it, and the now-playing bar and the mini player skip through it from any screen.
 * The track itself is the player store's current track while its origin is `player`.
 */
export const useDiscoverStore = create<DiscoverState>()(() => INITIAL);

const set = (partial: Partial<DiscoverState>) => {
  useDiscoverStore.setState(partial);
};

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** The Discover track playing now, as event handlers must see it (not as the last render did). */
function shownTrack(): BlindTrack | null {
  const { currentTrack, trackOrigin } = usePlayerStore.getState();
  return trackOrigin === 'player' ? currentTrack : null;
}

// The next pick, fetched and preloaded while the current one plays.
let upcoming: BlindTrack | null = null;
// The first pick, asked for while the start screen shows, so the tap on "Discover Music" waits
// for one round trip less (the secure URL is still asked for after the tap: only that counts as
// a play). Null when the request failed.
let firstPick: Promise<NextTrackResponse | null> | null = null;
let isLiking = false;
// A skip that arrives while the previous one is still being recorded is kept and applied to the
// track that comes next: a listener swiping twice quickly means two skips.
let isSkipping = false;
let isSkipQueued = false;

/**
 * Reports that the listener left `track` unrated (decision 0190), unless it is liked: a rating
 * would have ended the deal already. Best effort: a report that never arrives leaves the server
 * its own bound when the next track is served.
 */
function reportLeft(track: BlindTrack | null): void {
  if (!track || useDiscoverStore.getState().reveal) return;
  // A pack track's 'left' waits on the device like its other verdicts (a like there stays a like).
  if (offlinePack.isPackTrack(track.id)) {
    offlinePack.record(track.id, 'left', positionMs());
    return;
  }
  if (usePlayerStore.getState().likedTrackIds.includes(track.id) || isOffline()) return;
  playerApi.leave(track.id, positionMs()).catch(() => undefined);
}

/** Whether a skip came in while the last one was recorded; asking clears it. */
function takeQueuedSkip(): boolean {
  const queued = isSkipQueued;
  isSkipQueued = false;
  return queued;
}

// When the player is reset or another origin (charts, library) takes over, the flow forgets its
// reveal and its prefetched pick: they belonged to a Discover track that is gone. The track was
// left there, unless it was rated; the element still holds it while the new origin is set.
usePlayerStore.subscribe((state, previous) => {
  if (previous.trackOrigin === 'player' && state.trackOrigin !== 'player') {
    reportLeft(previous.currentTrack);
    blindNotes.forget();
    upcoming = null;
    firstPick = null;
    const { filters, isMixing } = useDiscoverStore.getState();
    useDiscoverStore.setState({ ...INITIAL, filters, isMixing });
  }
});

// A pack track liked on the device and still on screen when its sync answers gets its reveal
// card after all, as an online like would; the others are listed by the pack's own notice.
offlinePack.onReveal((alias, reveal) => {
  const { likedOffline } = useDiscoverStore.getState();
  if (likedOffline !== alias || shownTrack()?.id !== alias) return false;
  set({ reveal, likedOffline: null });
  return true;
});

// Closing the tab, reloading or navigating away leaves the Discover track on screen; a reload
// that resumes it and rates it after all replaces the 'left' on the server.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    reportLeft(shownTrack());
  });
  // Back online, an offline end state gives way to the start screen and the online deck.
  window.addEventListener('online', () => {
    const { phase } = useDiscoverStore.getState();
    if (phase === 'offline-empty' || phase === 'offline-no-pack') set({ phase: 'start', error: null });
  });
}

/**
 * A Discover track played to its end was left unrated, and the deck deals on by itself (issue 32)
 * from the pick armed while it played (its deal and URL fetched by `prefetch`), so it advances
 * on a locked phone, where no one can tap. A rating under way carries on instead.
 */
async function playOn(): Promise<void> {
  const track = shownTrack();
  if (!track || isSkipping || isLiking) return;
  reportLeft(track);
  await advance(track.id);
}

if (typeof window !== 'undefined') {
  getAudioElement().addEventListener('ended', () => {
    void playOn();
  });
}

async function prefetch(currentId: string): Promise<void> {
  // Offline there is nothing to ask, and a pack track's next is the pack's.
  if (isOffline() || offlinePack.isPackTrack(currentId)) return;
  try {
    const next = await nextDeal(currentId);
    upcoming = next.state === 'track' ? next.track : null;
    if (upcoming) preloadTrack(upcoming.id);
  } catch {
    upcoming = null;
  }
}

function show(next: BlindTrack): void {
  usePlayerStore.getState().setCurrentTrack(next, 'player');
  set({ reveal: null, likedOffline: null, phase: 'track' });
  // Not awaited: the track is on screen and can be rated while its audio starts, so a second
  // quick swipe acts on it instead of being dropped while the first one's audio loads.
  playTrack(next.id).catch((playError: unknown) => {
    set({ error: messageOf(playError, PLAYER_MESSAGES.failedToPlayAudio) });
  });
  void prefetch(next.id);
}

/**
 * Skips `id` on the server and returns the points it earned, or null when the deal was gone. A
 * deal the server no longer knows (its track deleted or unfeatured since it was dealt, or a deal
 * a database crash forgot, decision 0201) is gone already: skipping it moves on, rather than
 * leaving the listener on a card that nothing can rate.
 */
async function skipUnlessGone(id: string): Promise<number | null> {
  try {
    const { pointsAwarded } = await playerApi.dislike(id, positionMs());
    announceChanges('points', 'taste');
    return pointsAwarded;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/**
 * Offline, Discover deals from the pack saved on the device (issue 32 item 3): its next track
 * without a verdict, played from its saved audio. No pack, or none left, is an end state.
 */
function dealFromPack(currentId: string | null): string | null {
  // The online picks were dealt for a connection that is gone; the server bounds them itself.
  upcoming = null;
  firstPick = null;
  const next = offlinePack.nextTrack(currentId);
  if (!next) {
    pauseAudio();
    set({
      phase: offlinePack.hasPack() ? 'offline-empty' : 'offline-no-pack',
      reveal: null,
      likedOffline: null,
    });
    return null;
  }
  show({ id: next.alias, durationMs: next.durationMs });
  return next.alias;
}

/**
 * Records a skip of `id` and returns what it earned online, or null when nothing was sent: a
 * pack track's skip is kept on the device (no Blind Notes offline), and an online deal skipped
 * with no network is left to the server's own bound, as a tab closed mid-track is.
 */
async function skipOnline(id: string): Promise<number | null> {
  if (offlinePack.isPackTrack(id)) {
    offlinePack.record(id, 'skip', positionMs());
    return null;
  }
  if (isOffline()) return null;
  return skipUnlessGone(id);
}

/** Shows the next track; resolves to its id, or null when there is none (an end state). */
async function advance(currentId: string | null): Promise<string | null> {
  set({ error: null });
  if (isOffline()) return dealFromPack(currentId);
  const ready = upcoming;
  upcoming = null;
  if (ready && ready.id !== currentId && !usePlayerStore.getState().likedTrackIds.includes(ready.id)) {
    show(ready);
    return ready.id;
  }
  if (useDiscoverStore.getState().phase === 'start') set({ phase: 'loading' });
  const early = currentId === null ? firstPick : null;
  firstPick = null;
  try {
    const picked = await early;
    const isFresh =
      picked?.state !== 'track' || !usePlayerStore.getState().likedTrackIds.includes(picked.track.id);
    const next = picked && isFresh ? picked : await nextDeal(currentId);
    if (next.state === 'track') {
      show(next.track);
      return next.track.id;
    }
    pauseAudio();
    set({ phase: next.state, reveal: null });
  } catch (loadError) {
    set({
      error: messageOf(loadError, PLAYER_MESSAGES.failedToPlayAudio),
      phase: shownTrack() ? 'track' : 'start',
    });
  }
  return null;
}

/** The Discover flow's actions; every one reads the current state when it runs. */
export const discover = {
  /**
   * Spec 002 §4: opening Discover while a track from another origin (charts, library) is loaded
   * resets the player; a Discover track carries on where it was, with its reveal if it had one.
   */
  enter: (): void => {
    const { currentTrack, trackOrigin, reset } = usePlayerStore.getState();
    if (currentTrack && trackOrigin !== 'player') {
      resetAudio();
      reset();
    }
    const { phase } = useDiscoverStore.getState();
    if (shownTrack() && phase === 'start') set({ phase: 'track' });
    // An end state is asked again on each visit: new tracks may have been featured since.
    if (END_PHASES.includes(phase)) set({ phase: 'start', error: null });
    // After a reload, a pack track liked on the device still waits for its reveal.
    const shown = shownTrack();
    if (shown && offlinePack.isLikedOnDevice(shown.id)) set({ likedOffline: shown.id });
    // What was played offline goes now if the connection came back while the app was closed.
    offlinePack.refresh();
  },

  /** Asks for the first pick while the start screen shows (once), so the start is quicker. */
  prepare: (): void => {
    if (firstPick || shownTrack() || useDiscoverStore.getState().phase !== 'start' || isOffline()) return;
    firstPick = nextDeal(null).catch(() => null);
  },

  /** Drops a first pick nobody used (the screen closed): it may belong to a session now ended. */
  forgetFirstPick: (): void => {
    firstPick = null;
  },

  start: async (): Promise<void> => {
    await advance(null);
  },

  /**
   * Digs the deck by `filters` from the next deal on: the track playing plays on, the pick made
   * for the old filters is dropped, and a deck the old filters had emptied deals again.
   */
  dig: async (filters: DigFilters, isMixing: boolean): Promise<void> => {
    upcoming = null;
    firstPick = null;
    const wasEmptied = useDiscoverStore.getState().phase === 'filter-empty';
    set({ filters, isMixing });
    if (wasEmptied) {
      await advance(null);
      return;
    }
    const current = shownTrack();
    if (current) void prefetch(current.id);
  },

  /** "Surprise me" on or off: the deals after the one playing follow it. */
  surprise: (isSurprising: boolean): void => {
    upcoming = null;
    firstPick = null;
    set({ isSurprising });
    const current = shownTrack();
    if (current) void prefetch(current.id);
  },

  /** Likes the track on screen: the server records it, awards its points and reveals it. */
  like: async (): Promise<void> => {
    const track = shownTrack();
    const { phase, isBusy, reveal, likedOffline } = useDiscoverStore.getState();
    if (!track || phase !== 'track' || isBusy || reveal || likedOffline === track.id) return;
    // A pack track's like is kept on the device: nothing offline may name it.
    if (offlinePack.isPackTrack(track.id)) {
      offlinePack.record(track.id, 'like', positionMs());
      if (offlinePack.isLikedOnDevice(track.id)) set({ likedOffline: track.id });
      return;
    }
    isLiking = true;
    set({ isBusy: true });
    try {
      const revealed = await playerApi.like(track.id, false, positionMs());
      announceChanges('likes', 'points', 'taste');
      // The listener may have moved on while the like was recorded: reveal only what is shown.
      if (shownTrack()?.id !== track.id) return;
      const named = revealedFrom(track.id, revealed);
      usePlayerStore.getState().markLiked(named);
      set({ reveal: revealed });
    } catch (likeError) {
      set({ error: messageOf(likeError, PLAYER_MESSAGES.trackUnavailable) });
    } finally {
      isLiking = false;
      set({ isBusy: false });
    }
  },

  /** Skips the track on screen (a dislike unless it is liked) and plays the next one. */
  skip: async (): Promise<void> => {
    const first = shownTrack();
    if (!first) return;
    if (isSkipping) {
      isSkipQueued = true;
      return;
    }
    // A like being recorded is not interrupted by a skip.
    if (isLiking) return;
    isSkipping = true;
    set({ isBusy: true });
    try {
      // Whatever the last strip asked about, this skip moves past it.
      blindNotes.dismissReason();
      let current: string | null = first.id;
      while (current) {
        takeQueuedSkip();
        const wasBlind = !usePlayerStore.getState().likedTrackIds.includes(current);
        const points = await skipOnline(current);
        noteSkipPoints(points ?? 0);
        const shown: string | null = await advance(current);
        // Blind Notes: why, asked of a deal that ended as a skip, while the next one plays.
        if (wasBlind && points !== null) blindNotes.offerReason(current);
        current = takeQueuedSkip() ? shown : null;
      }
    } catch (skipError) {
      set({ error: messageOf(skipError, PLAYER_MESSAGES.trackUnavailable) });
    } finally {
      isSkipping = false;
      isSkipQueued = false;
      set({ isBusy: false });
    }
  },

  /** After a reveal: on to the next blind track, keeping the like. */
  next: async (): Promise<void> => {
    await advance(shownTrack()?.id ?? null);
  },

  toggleLibrary: async (): Promise<void> => {
    const { reveal } = useDiscoverStore.getState();
    if (!reveal) return;
    try {
      // The card keeps showing what the like earned; the library's own points get a toast.
      if (reveal.addedToLibrary) {
        await playerApi.removeFromLibrary(reveal.track.id);
        announceChanges('library');
        set({ reveal: { ...reveal, addedToLibrary: false } });
      } else {
        const added = await playerApi.like(reveal.track.id, true);
        announceChanges('library', 'points');
        showPointsToast(added.pointsAwarded);
        set({ reveal: { ...added, pointsAwarded: reveal.pointsAwarded } });
      }
    } catch (libraryError) {
      set({ error: messageOf(libraryError, PLAYER_MESSAGES.trackUnavailable) });
    }
  },

  toggleFollow: async (): Promise<void> => {
    const { reveal } = useDiscoverStore.getState();
    if (!reveal) return;
    try {
      const state = reveal.artist.isFollowing
        ? await playerApi.unfollow(reveal.artist.id)
        : await playerApi.follow(reveal.artist.id);
      announceChanges('follows');
      if (state.isFollowing && !reveal.artist.isFollowing)
        toast.info(FOLLOW_MESSAGES.following(reveal.track.artist), FOLLOW_MESSAGES.firstDeal);
      const current = useDiscoverStore.getState().reveal;
      if (current?.artist.id !== reveal.artist.id) return;
      set({
        reveal: {
          ...current,
          artist: { ...current.artist, isFollowing: state.isFollowing, followers: state.followers },
        },
      });
    } catch (followError) {
      set({ error: messageOf(followError, PLAYER_MESSAGES.trackUnavailable) });
    }
  },

  togglePlay: async (isPlaying: boolean): Promise<void> => {
    const track = shownTrack();
    if (!track) return;
    try {
      if (isPlaying) pauseAudio();
      else await resumeTrack(track.id);
    } catch (playError) {
      set({ error: messageOf(playError, PLAYER_MESSAGES.failedToPlayAudio) });
    }
  },

  setError: (error: string | null): void => {
    set({ error });
  },
};
