import {
  followsEndpoints,
  PLAYER_MESSAGES,
  playerEndpoints,
  type OfflinePackVerdict,
  type SkipReason,
} from '@klang/domain';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import type { DigFilters } from '../dig-filters';

export const playerApi = {
  /**
   * The next blind deal, after `currentId`; with filters, only a track they match, and with
   * `mixWith` (mix mode: the deal playing) only one that mixes with it (decision 0266); with
   * `surprise`, far more often at random than by the listener's taste (decision 0285).
   */
  next: (
    currentId: string | null,
    filters: DigFilters = {},
    mixWith: string | null = null,
    surprise = false,
  ) => {
    const { halfDouble, ...rest } = filters;
    return api.call(playerEndpoints.nextTrack, {
      query: {
        ...rest,
        ...(halfDouble !== undefined && { halfDouble: String(halfDouble) }),
        ...(currentId && { current: currentId }),
        ...(mixWith && { mixWith }),
        ...(surprise && { surprise: 'true' }),
      },
    });
  },
  /** A blind share link of a track the listener liked (decision 0307). */
  createShare: (trackId: string) => api.call(playerEndpoints.createShare, { body: { trackId } }),
  /** A share link as anyone sees it: whether it plays, and its length. */
  sharedTrack: (token: string, signal?: AbortSignal) =>
    api.call(playerEndpoints.sharedTrack, { params: { token }, signal }),
  /** A share link's blind preview, for anyone: a fresh sealed URL each time (decision 0308). */
  sharePreview: (token: string) => api.call(playerEndpoints.sharePreview, { params: { token } }),
  /** The shared track, dealt blind to the signed-in listener (or revealed, or theirs). */
  shareDeal: (token: string) => api.call(playerEndpoints.shareDeal, { params: { token } }),
  /** A masked chart row played blind (decision 0288): a deal of the track at that place. */
  chartDeal: (genre: string, position: number) =>
    api.call(playerEndpoints.chartDeal, { body: { genre, position } }),
  /** A like; `positionMs` is where the listener was in the track (decision 0190). */
  like: (trackId: string, addToLibrary: boolean, positionMs?: number) =>
    api.call(playerEndpoints.likeTrack, { params: { trackId }, body: { addToLibrary, positionMs } }),
  /** A skip; `positionMs` is where it happened (decision 0190). */
  dislike: (trackId: string, positionMs?: number) =>
    api.call(playerEndpoints.dislikeTrack, { params: { trackId }, body: { positionMs } }),
  /**
   * The listener left a dealt track unrated, `positionMs` into it (decision 0190). Sent as the
   * page hides too, so the request is kept alive past it; nothing comes back.
   */
  leave: (trackId: string, positionMs: number) =>
    api.call(playerEndpoints.leaveTrack, { params: { trackId }, body: { positionMs }, keepalive: true }),
  /**
   * Blind Notes (decision 0302): why the listener skipped `trackId`, a deal's alias, shortly
   * after the skip; a second reason replaces the first.
   */
  skipReason: (trackId: string, reason: SkipReason) =>
    api.call(playerEndpoints.skipReason, { params: { trackId }, body: { reason } }),
  /** Blind Notes: "this moment", `positionMs` into the deal playing. Not a like; it reveals nothing. */
  markMoment: (trackId: string, positionMs: number) =>
    api.call(playerEndpoints.markMoment, { params: { trackId }, body: { positionMs } }),
  removeFromLibrary: (trackId: string) =>
    api.call(playerEndpoints.removeFromLibrary, { params: { trackId } }),
  /**
   * An offline pack (decision 0305): `size` blind deals, each with a grant to fetch its audio at
   * once. Its tracks leave the listener's deck for good, so only ask when saving.
   */
  dealOfflinePack: (size: number) => api.call(playerEndpoints.dealOfflinePack, { body: { size } }),
  /**
   * A pack's verdicts played offline, in play order: the only way its deals are rated. A verdict
   * already recorded answers as it did the first time, so a lost answer is safe to send again.
   */
  syncOfflinePack: (packId: string, verdicts: OfflinePackVerdict[]) =>
    api.call(playerEndpoints.syncOfflinePack, { params: { packId }, body: { verdicts } }),
  follow: (artistId: string) => api.call(followsEndpoints.followArtist, { params: { artistId } }),
  unfollow: (artistId: string) => api.call(followsEndpoints.unfollowArtist, { params: { artistId } }),

  /** spec 000 §7 secure-track-access: a short-lived URL for one track, and when it expires. */
  async secureUrl(
    trackId: string,
    purpose: 'playback' | 'preload',
  ): Promise<{ url: string; expiresAt: number }> {
    const body = await api.call(playerEndpoints.secureTrackAccess, {
      body: { trackId, purpose, duration: 600 },
    });
    if (!body.success || !body.signedUrl) {
      throw new ApiError({
        status: 200,
        code: 'INTERNAL',
        message: body.error ?? PLAYER_MESSAGES.failedToGetSecureUrl,
      });
    }
    const exp = Number(new URL(body.signedUrl, window.location.origin).searchParams.get('exp') ?? 0);
    // An S3 presigned URL states its lifetime differently; assume the 600 s that was asked for.
    return { url: body.signedUrl, expiresAt: exp > 0 ? exp * 1000 : Date.now() + 600_000 };
  },
};
