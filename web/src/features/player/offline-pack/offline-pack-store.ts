import { create } from 'zustand';
import {
  OFFLINE_PACK_MESSAGES,
  OFFLINE_PACK_RULES,
  type DealEnding,
  type OfflinePack,
  type Reveal,
} from '@klang/domain';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { safeStorage, STORAGE_KEYS } from '../../../lib/storage';
import { playerApi } from '../api/player-api';
import { revealedFrom, usePlayerStore } from '../player-store';
import { showPointsToast } from '../points-toast';
import { announceChanges } from '../server-changes';
import { clearPackAudio, deletePackAudio, hasCacheStorage, savePackAudio } from './pack-audio';
import {
  isPackExpired,
  readPackRecord,
  removePackRecord,
  unsyncedTracks,
  writePackRecord,
  type PackRecord,
  type PackTrack,
} from './pack-record';
import { packOwner } from './pack-owner';

/** A track liked offline, named now that the server has its verdict. */
export interface RevealedOffline {
  alias: string;
  reveal: Reveal;
}

/** What the first sync after a spell offline brought back: shown once, in Discover. */
export interface BackOnline {
  liked: RevealedOffline[];
  points: number;
}

export type PackMessage = { text: string; tone: 'info' | 'error' };

interface OfflinePackState {
  /** The signed-in listener's pack on this device, as last read. */
  pack: PackRecord | null;
  isOnline: boolean;
  /** A save under way: tracks done of the tracks dealt. */
  progress: { saved: number; total: number } | null;
  /** The last save's refusal or "nothing to save", shown in the pack's dialog. */
  saveMessage: PackMessage | null;
  backOnline: BackOnline | null;
  /** Why the pack was dropped (expired, unknown to the server), shown once. */
  notice: string | null;
  /** Save packs on Wi-Fi only (issue 32): on unless the listener turned it off on this device. */
  isWifiOnly: boolean;
}

/** Whether the browser says there is no network; it cannot tell a captive portal from Wi-Fi. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/**
 * Only Chrome on Android reports the connection's type: elsewhere it is unknown, and unknown is
 * allowed, or desktop Chrome and Safari could never save a pack.
 */
export function isOnCellular(): boolean {
  const connection = (navigator as Navigator & { connection?: { type?: string } }).connection;
  return connection?.type === 'cellular';
}

export const useOfflinePackStore = create<OfflinePackState>()(() => ({
  pack: null,
  isOnline: !isOffline(),
  progress: null,
  saveMessage: null,
  backOnline: null,
  notice: null,
  isWifiOnly: safeStorage.get(STORAGE_KEYS.offlinePackWifiOnly) !== 'false',
}));

const set = (partial: Partial<OfflinePackState>) => {
  useOfflinePackStore.setState(partial);
};

/** Writes the record on the device and shows it. */
function keepRecord(record: PackRecord): void {
  writePackRecord(record);
  set({ pack: record });
}

async function dropPack(): Promise<void> {
  removePackRecord();
  set({ pack: null });
  await clearPackAudio().catch(() => undefined);
}

// Discover shows a reveal on its card when the liked track is still the one on screen; it says
// so, and the track is then left out of the "back online" list.
let showOnCard: (alias: string, reveal: Reveal) => boolean = () => false;

/** Tells the listener what the sync revealed, and puts the liked tracks in the player's likes. */
function announce(liked: RevealedOffline[], points: number): void {
  const player = usePlayerStore.getState();
  for (const { alias, reveal } of liked) {
    if (player.currentTrack?.id === alias) player.markLiked(revealedFrom(alias, reveal));
  }
  player.addLiked(liked.map(({ alias }) => alias));
  const listed = liked.filter(({ alias, reveal }) => !showOnCard(alias, reveal));
  // The "back online" card states the points; the toast says them only where no card does.
  if (listed.length === 0) {
    showPointsToast(points);
    return;
  }
  const before = useOfflinePackStore.getState().backOnline;
  const kept = before?.liked.filter(({ alias }) => !listed.some((item) => item.alias === alias)) ?? [];
  set({ backOnline: { liked: [...kept, ...listed], points: (before?.points ?? 0) + points } });
}

/**
 * Sends the pack's unsynced verdicts in play order, as many rounds as it takes (a verdict played
 * while a round was under way goes in the next). The synced tracks' audio is deleted, and the
 * pack with it once every track is synced. An expired or unknown pack is dropped with its
 * message; any other failure is thrown, and the verdicts wait for the next try.
 */
async function sendVerdicts(packId: string): Promise<void> {
  for (;;) {
    const record = readPackRecord();
    if (record?.packId !== packId) return;
    const batch = unsyncedTracks(record).slice(0, OFFLINE_PACK_RULES.sizeMax);
    if (batch.length === 0) {
      if (record.tracks.every((track) => track.isSynced)) await dropPack();
      return;
    }
    let answer;
    try {
      answer = await playerApi.syncOfflinePack(
        packId,
        batch.map(({ alias, verdict }) => ({
          trackId: alias,
          ending: verdict.ending,
          positionMs: verdict.positionMs,
        })),
      );
    } catch (error) {
      if (error instanceof ApiError && (error.code === 'CONFLICT' || error.code === 'NOT_FOUND')) {
        await dropPack();
        set({
          notice:
            error.code === 'CONFLICT' ? OFFLINE_PACK_MESSAGES.expired : OFFLINE_PACK_MESSAGES.unknownPack,
        });
        return;
      }
      throw error;
    }
    // 'unknown' is final too: the server will never take that verdict, so it is not sent again.
    const answered = new Set(answer.results.map((result) => result.trackId));
    const latest = readPackRecord();
    if (latest?.packId !== packId) return;
    const synced = latest.tracks.filter((track) => answered.has(track.alias) && !track.isSynced);
    if (synced.length === 0) return;
    keepRecord({
      ...latest,
      tracks: latest.tracks.map((track) =>
        answered.has(track.alias) ? { ...track, isSynced: true } : track,
      ),
    });
    await deletePackAudio(synced.map((track) => track.slot)).catch(() => undefined);
    const liked = answer.results.flatMap((result) =>
      result.state === 'recorded' && result.reveal ? [{ alias: result.trackId, reveal: result.reveal }] : [],
    );
    announceChanges('points', 'taste', ...(liked.length > 0 ? (['likes'] as const) : []));
    announce(liked, answer.pointsAwarded);
  }
}

let syncing: Promise<void> | null = null;
// Counts the calls to sync: one made while a round was under way asks for another round.
let syncRequests = 0;

async function syncUntilDone(): Promise<void> {
  try {
    let answered: number;
    do {
      answered = syncRequests;
      const record = readPackRecord();
      if (record) await sendVerdicts(record.packId);
    } while (syncRequests !== answered);
  } catch {
    // Kept on the device: the next 'online', Discover visit or verdict tries again.
  }
}

/** Fetches a grant's audio; the network failing reads as every other call's failure. */
async function fetchAudio(url: string): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError({ status: 0, code: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE });
  }
}

/**
 * Fetches and caches each dealt track right away (its grant lasts minutes), slot after slot. A
 * track whose grant is refused is left out; anything else failing clears what was saved, so no
 * half pack stays behind.
 */
async function saveTracks(dealt: OfflinePack['tracks']): Promise<PackTrack[]> {
  const saved: PackTrack[] = [];
  try {
    for (const [index, track] of dealt.entries()) {
      const response = await fetchAudio(track.url);
      if (response.ok) {
        await savePackAudio(saved.length, response);
        saved.push({
          alias: track.id,
          durationMs: track.durationMs,
          slot: saved.length,
          verdict: null,
          isSynced: false,
        });
      }
      set({ progress: { saved: index + 1, total: dealt.length } });
    }
  } catch (error) {
    await clearPackAudio().catch(() => undefined);
    throw error;
  }
  return saved;
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : OFFLINE_PACK_MESSAGES.saveFailed;
}

/** The offline pack's actions (issue 32 item 3); each reads the device's record when it runs. */
export const offlinePack = {
  /** Reads the signed-in listener's pack; an expired one loses its audio, and its record once synced. */
  refresh: (): void => {
    const record = readPackRecord();
    if (record && isPackExpired(record)) {
      if (unsyncedTracks(record).length === 0) void dropPack();
      else void deletePackAudio(record.tracks.map((track) => track.slot)).catch(() => undefined);
    }
    set({ pack: readPackRecord() });
    if (record && unsyncedTracks(record).length > 0) void offlinePack.sync();
  },

  /**
   * Saves a new pack of `size` tracks, replacing the one on the device: the old pack's verdicts
   * are sent first, so replacing never loses what was played.
   */
  save: async (size: number): Promise<void> => {
    const { progress, isWifiOnly } = useOfflinePackStore.getState();
    const owner = packOwner();
    if (progress || !owner) return;
    if (isWifiOnly && isOnCellular()) {
      set({ saveMessage: { text: OFFLINE_PACK_MESSAGES.wifiOnly, tone: 'error' } });
      return;
    }
    if (!hasCacheStorage()) {
      set({ saveMessage: { text: OFFLINE_PACK_MESSAGES.saveFailed, tone: 'error' } });
      return;
    }
    set({ progress: { saved: 0, total: size }, saveMessage: null });
    try {
      // Through the one sync under way, if any, so no verdict is sent twice.
      await offlinePack.sync();
      const old = readPackRecord();
      if (old && unsyncedTracks(old).length > 0)
        throw new ApiError({ status: 0, code: 'UNAVAILABLE', message: NETWORK_ERROR_MESSAGE });
      await dropPack();
      const dealt = await playerApi.dealOfflinePack(size);
      if (dealt.tracks.length === 0) {
        set({ saveMessage: { text: OFFLINE_PACK_MESSAGES.nothingToSave, tone: 'info' } });
        return;
      }
      set({ progress: { saved: 0, total: dealt.tracks.length } });
      const tracks = await saveTracks(dealt.tracks);
      if (tracks.length === 0) throw new Error('No track of the pack could be fetched');
      // Signed out while it saved: the audio is the last listener's, and goes with them.
      if (packOwner() !== owner) {
        await clearPackAudio();
        return;
      }
      keepRecord({ userId: owner, packId: dealt.id, expiresAt: dealt.expiresAt, tracks });
    } catch (error) {
      set({ saveMessage: { text: messageOf(error), tone: 'error' } });
    } finally {
      set({ progress: null });
    }
  },

  /** The next saved track not played yet (other than `except`), or null when none is left. */
  nextTrack: (except: string | null = null): PackTrack | null => {
    const record = readPackRecord();
    if (!record || isPackExpired(record)) return null;
    return record.tracks.find((track) => track.verdict === null && track.alias !== except) ?? null;
  },

  /** Whether the listener has a pack to play from, played through or not. */
  hasPack: (): boolean => {
    const record = readPackRecord();
    return record !== null && !isPackExpired(record);
  },

  isPackTrack: (alias: string | null): boolean =>
    alias !== null && (readPackRecord()?.tracks.some((track) => track.alias === alias) ?? false),

  /** Whether a pack track was liked here and its reveal has not come back yet. */
  isLikedOnDevice: (alias: string): boolean => {
    const track = readPackRecord()?.tracks.find((candidate) => candidate.alias === alias);
    return track?.verdict?.ending === 'like' && !track.isSynced;
  },

  /**
   * Keeps a pack track's verdict on the device; true when it was taken. A track keeps its first
   * verdict, except that a 'left' (the page hid) gives way to a like or a skip not yet synced, as
   * a rating after a reload replaces a 'left' on the server. Sent at once when online.
   */
  record: (alias: string, ending: DealEnding, positionMs: number): boolean => {
    const record = readPackRecord();
    const track = record?.tracks.find((candidate) => candidate.alias === alias);
    if (!record || !track || track.isSynced) return false;
    if (track.verdict && (track.verdict.ending !== 'left' || ending === 'left')) return false;
    const last = Math.max(0, ...record.tracks.map((candidate) => candidate.verdict?.order ?? 0));
    const verdict = { ending, positionMs, order: track.verdict?.order ?? last + 1 };
    keepRecord({
      ...record,
      tracks: record.tracks.map((candidate) =>
        candidate.alias === alias ? { ...candidate, verdict } : candidate,
      ),
    });
    if (!isOffline()) void offlinePack.sync();
    return true;
  },

  /**
   * Sends what was played offline, one sync at a time: a call during one makes it go round once
   * more, for a verdict it may have read too early. A failure leaves it for the next try.
   */
  sync: (): Promise<void> => {
    if (isOffline()) return Promise.resolve();
    syncRequests += 1;
    if (syncing) return syncing;
    // WARNING: cleared in `.finally`, which always runs later: a sync with nothing to send ends
    // at once, and clearing it inside would run before `syncing` is even set, leaving it set.
    syncing = syncUntilDone().finally(() => {
      syncing = null;
    });
    return syncing;
  },

  /** Lets Discover show a reveal on its card instead of in the list; true when it did. */
  onReveal: (show: (alias: string, reveal: Reveal) => boolean): void => {
    showOnCard = show;
  },

  setWifiOnly: (isWifiOnly: boolean): void => {
    safeStorage.set(STORAGE_KEYS.offlinePackWifiOnly, String(isWifiOnly));
    set({ isWifiOnly });
  },

  dismissBackOnline: (): void => {
    set({ backOnline: null });
  },

  dismissNotice: (): void => {
    set({ notice: null });
  },

  dismissSaveMessage: (): void => {
    set({ saveMessage: null });
  },

  /** Spec 000 §4 sign-out: the pack goes, audio and verdicts, so the next person finds none. */
  clear: async (): Promise<void> => {
    removePackRecord();
    set({ pack: null, progress: null, saveMessage: null, backOnline: null, notice: null });
    await clearPackAudio().catch(() => undefined);
  },
};

if (typeof window !== 'undefined') {
  window.addEventListener('offline', () => {
    set({ isOnline: false });
  });
  // What was played offline goes as soon as the connection is back.
  window.addEventListener('online', () => {
    set({ isOnline: true });
    void offlinePack.sync();
  });
}
