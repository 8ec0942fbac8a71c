import {
  hooksEndpoints,
  artistTracksResponseSchema,
  coverArtResultSchema,
  dashboardStatsSchema,
  uploadTrackResponseSchema,
} from '@klang/domain';
import { api, apiRequest, apiUpload } from '../../../lib/api-client';

const track = (trackId: string) => `/api/artist/tracks/${encodeURIComponent(trackId)}`;

/** One query-key factory for the workspace's resources. */
export const artistKeys = {
  all: ['artist-workspace'] as const,
  tracks: () => [...artistKeys.all, 'tracks'] as const,
  dashboard: () => [...artistKeys.all, 'dashboard'] as const,
  allHooks: () => [...artistKeys.all, 'hooks'] as const,
  hooks: (trackId: string) => [...artistKeys.allHooks(), trackId] as const,
};

export const artistWorkspaceApi = {
  tracks: () => api.get('/api/artist/tracks', artistTracksResponseSchema),
  dashboard: () => api.get('/api/artist/dashboard', dashboardStatsSchema),
  hooks: (trackId: string) => api.call(hooksEndpoints.trackHooks, { params: { trackId } }),
  /** A plain link downloads it: same origin, the session cookie goes along. */
  hooksCsvUrl: (trackId: string) => api.url(hooksEndpoints.trackHooksCsv, { params: { trackId } }),

  /** The audio goes as the raw body; the server streams it to storage and counts every byte. */
  upload: (
    fields: { title: string; genre: string; label: string; coverId?: string },
    audio: File,
    onProgress: (fraction: number) => void,
  ) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) if (value) query.set(key, value);
    return apiUpload(`/api/artist/tracks?${query.toString()}`, audio, uploadTrackResponseSchema, {
      contentType: 'application/octet-stream',
      onProgress,
    });
  },
  uploadCover: (jpeg: Blob) =>
    apiUpload('/api/artist/covers', jpeg, coverArtResultSchema, { contentType: 'image/jpeg' }),
  generateCover: (prompt: string, seed: number) =>
    api.post('/functions/v1/generate-cover-art', { prompt, seed }, coverArtResultSchema),
  setFeatured: (trackId: string, featured: boolean) =>
    api.put(`${track(trackId)}/featured`, { featured }, uploadTrackResponseSchema),
  retry: (trackId: string) => api.post(`${track(trackId)}/retry`, {}, uploadTrackResponseSchema),
  remove: (trackId: string) => apiRequest(track(trackId), undefined, { method: 'DELETE' }),
};
