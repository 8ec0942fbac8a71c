import { create } from 'zustand';
import { BLIND_NOTES, BLIND_NOTES_MESSAGES, PLAYER_MESSAGES, type SkipReason } from '@klang/domain';
import { ApiError } from '../../lib/api-error';
import { playerApi } from './api/player-api';
import { positionMs } from './audio/position';
import { announceChanges } from './server-changes';

/** A moment the listener marked in the deal on screen, as the button confirms it. */
export interface MarkedMoment {
  positionMs: number;
  points: number;
  at: number;
}

/** The "this moment" marks of one deal: a new deal (another alias) starts again at none. */
export interface DealMoments {
  alias: string;
  marked: number;
  last: MarkedMoment | null;
  /** The server's refusal of the last mark (its 409 message), shown as it is. */
  error: string | null;
  isSending: boolean;
  /** The last mark was just made: the button confirms it for a moment. */
  isConfirming: boolean;
}

/** What a reason tap came to: thanks with what it earned, or why the server refused it. */
export interface ReasonNote {
  text: string;
  points: number;
  isError: boolean;
  at: number;
}

interface BlindNotesState {
  /** The skipped deal the "Why skip?" strip asks about; null while no strip shows. */
  reasonFor: { alias: string; at: number } | null;
  reasonNote: ReasonNote | null;
  moments: DealMoments | null;
}

const INITIAL: BlindNotesState = { reasonFor: null, reasonNote: null, moments: null };

/** How long the strip waits for a tap: long enough to read six words, short enough to pass by. */
export const REASON_SHOWN_MS = 12_000;
/** How long the thanks (or a refusal) stays where the strip was. */
export const REASON_NOTE_MS = 2_500;
/** How long the moment button says "Marked" before it can be read as a button again. */
export const MOMENT_CONFIRM_MS = 1_800;

/**
 * Blind Notes on Discover (issue 31 item 2, decision 0302): the optional "Why skip?" after a skip
 * and the "this moment" marks while a blind track plays. Its own store, beside the Discover flow's:
 * a note never holds up the flow, and the flow only tells it when a skip landed.
 */
export const useBlindNotesStore = create<BlindNotesState>()(() => INITIAL);

const set = (partial: Partial<BlindNotesState>) => {
  useBlindNotesStore.setState(partial);
};

let reasonTimer: ReturnType<typeof setTimeout> | undefined;
let noteTimer: ReturnType<typeof setTimeout> | undefined;
let confirmTimer: ReturnType<typeof setTimeout> | undefined;

function hideReasonLater(): void {
  clearTimeout(reasonTimer);
  reasonTimer = setTimeout(() => {
    set({ reasonFor: null });
  }, REASON_SHOWN_MS);
}

function showNote(note: Omit<ReasonNote, 'at'>, at = Date.now()): void {
  set({ reasonNote: { ...note, at } });
  clearTimeout(noteTimer);
  noteTimer = setTimeout(() => {
    if (useBlindNotesStore.getState().reasonNote?.at === at) set({ reasonNote: null });
  }, REASON_NOTE_MS);
}

function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : PLAYER_MESSAGES.trackUnavailable;
}

export const blindNotes = {
  /** A blind skip of `alias` landed: the strip asks why, for a while, while the next track plays. */
  offerReason: (alias: string): void => {
    set({ reasonFor: { alias, at: Date.now() }, reasonNote: null });
    hideReasonLater();
  },

  /** The strip goes: dismissed, or another skip came (it asks about its own deal, if any). */
  dismissReason: (): void => {
    clearTimeout(reasonTimer);
    set({ reasonFor: null });
  },

  /** Focus is in the strip: a keyboard or screen reader user is reading it, so it waits. */
  holdReason: (): void => {
    clearTimeout(reasonTimer);
  },

  /** Focus left the strip: it passes by again after its while. */
  releaseReason: (): void => {
    if (useBlindNotesStore.getState().reasonFor) hideReasonLater();
  },

  /** One tap: the strip gives way to a thanks at once, and the points follow when the server answers. */
  giveReason: async (reason: SkipReason): Promise<void> => {
    const offered = useBlindNotesStore.getState().reasonFor;
    if (!offered) return;
    clearTimeout(reasonTimer);
    set({ reasonFor: null });
    const at = Date.now();
    showNote({ text: 'Thanks, noted', points: 0, isError: false }, at);
    try {
      const { pointsAwarded } = await playerApi.skipReason(offered.alias, reason);
      if (pointsAwarded > 0) announceChanges('points');
      if (pointsAwarded > 0 && useBlindNotesStore.getState().reasonNote?.at === at)
        showNote({ text: 'Thanks, noted', points: pointsAwarded, isError: false }, at);
    } catch (error) {
      showNote({ text: messageOf(error), points: 0, isError: true });
    }
  },

  /** "This moment" in `alias`, where the player is now; at most BLIND_NOTES.momentsPerDeal a deal. */
  markMoment: async (alias: string): Promise<void> => {
    const current = useBlindNotesStore.getState().moments;
    const deal: DealMoments =
      current?.alias === alias
        ? current
        : { alias, marked: 0, last: null, error: null, isSending: false, isConfirming: false };
    if (deal.isSending || deal.marked >= BLIND_NOTES.momentsPerDeal) return;
    const position = positionMs();
    set({ moments: { ...deal, isSending: true, error: null, isConfirming: false } });
    // Each answer lands on the deal it was for, unless the listener has moved on to another.
    const settle = (next: Partial<DealMoments>) => {
      const now = useBlindNotesStore.getState().moments;
      if (now?.alias === alias) set({ moments: { ...now, ...next, isSending: false } });
    };
    try {
      const { pointsAwarded } = await playerApi.markMoment(alias, position);
      if (pointsAwarded > 0) announceChanges('points');
      const at = Date.now();
      settle({
        marked: deal.marked + 1,
        last: { positionMs: position, points: pointsAwarded, at },
        isConfirming: true,
      });
      clearTimeout(confirmTimer);
      confirmTimer = setTimeout(() => {
        const now = useBlindNotesStore.getState().moments;
        if (now?.last?.at === at) set({ moments: { ...now, isConfirming: false } });
      }, MOMENT_CONFIRM_MS);
    } catch (error) {
      const message = messageOf(error);
      // The server counts a deal's moments too (another tab, a reload): its "full" is final.
      settle({
        error: message,
        isConfirming: false,
        ...(message === BLIND_NOTES_MESSAGES.momentsFull && { marked: BLIND_NOTES.momentsPerDeal }),
      });
    }
  },

  /** Discover's track is gone (another origin took over): its notes go with it. */
  forget: (): void => {
    clearTimeout(reasonTimer);
    clearTimeout(noteTimer);
    clearTimeout(confirmTimer);
    set(INITIAL);
  },
};
