import {
  dislikeResponseSchema,
  followStateSchema,
  nextTrackResponseSchema,
  PLAYER_MESSAGES,
  revealSchema,
  secureTrackAccessResponseSchema,
} from '@klang/domain';
import { api, apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

const track = (trackId: string) => encodeURIComponent(trackId);

export const playerApi = {
  next: (currentId: string | null) =>
    api.get(`/api/player/next${currentId ? `?current=${track(currentId)}` : ''}`, nextTrackResponseSchema),
  /** A like; `positionMs` is where the listener was in the track (decision 0190). */
  like: (trackId: string, addToLibrary: boolean, positionMs?: number) =>
    api.post(`/api/tracks/${track(trackId)}/like`, { addToLibrary, positionMs }, revealSchema),
  /** A skip; `positionMs` is where it happened (decision 0190). */
  dislike: (trackId: string, positionMs?: number) =>
    api.post(`/api/tracks/${track(trackId)}/dislike`, { positionMs }, dislikeResponseSchema),
  /**
   * The listener left a dealt track unrated, `positionMs` into it (decision 0190). Sent as the
   * page hides too, so the request is kept alive past it; nothing comes back.
   */
  leave: (trackId: string, positionMs: number) =>
    apiRequest(`/api/tracks/${track(trackId)}/leave`, undefined, {
      method: 'POST',
      body: { positionMs },
      keepalive: true,
    }),
  removeFromLibrary: (trackId: string) => api.delete(`/api/library/${track(trackId)}`),
  follow: (artistId: string) => api.post(`/api/artists/${track(artistId)}/follow`, {}, followStateSchema),
  unfollow: (artistId: string) =>
    apiRequest(`/api/artists/${track(artistId)}/follow`, followStateSchema, { method: 'DELETE' }),

  /** spec 000 §7 secure-track-access: a short-lived URL for one track, and when it expires. */
  async secureUrl(
    trackId: string,
    purpose: 'playback' | 'preload',
  ): Promise<{ url: string; expiresAt: number }> {
    const body = await api.post(
      '/functions/v1/secure-track-access',
      { trackId, purpose, duration: 600 },
      secureTrackAccessResponseSchema,
    );
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
