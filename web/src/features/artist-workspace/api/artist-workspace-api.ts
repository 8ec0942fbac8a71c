import { hooksEndpoints, tracksEndpoints } from '@klang/domain';
import { api } from '../../../lib/api-client';

/** One query-key factory for the workspace's resources. */
export const artistKeys = {
  all: ['artist-workspace'] as const,
  tracks: () => [...artistKeys.all, 'tracks'] as const,
  dashboard: () => [...artistKeys.all, 'dashboard'] as const,
  allHooks: () => [...artistKeys.all, 'hooks'] as const,
  hooks: (trackId: string) => [...artistKeys.allHooks(), trackId] as const,
};

export const artistWorkspaceApi = {
  tracks: () => api.call(tracksEndpoints.listTracks),
  dashboard: () => api.call(tracksEndpoints.tracksDashboard),
  hooks: (trackId: string) => api.call(hooksEndpoints.trackHooks, { params: { trackId } }),
  /** A plain link downloads it: same origin, the session cookie goes along. */
  hooksCsvUrl: (trackId: string) => api.url(hooksEndpoints.trackHooksCsv, { params: { trackId } }),

  /** The audio goes as the raw body; the server streams it to storage and counts every byte. */
  upload: (
    fields: { title: string; genre: string; label: string; coverId?: string },
    audio: File,
    onProgress: (fraction: number) => void,
  ) =>
    api.call(tracksEndpoints.uploadTrack, {
      query: fields,
      body: audio,
      // The content decides what the file is (decision 0011), never the type the browser guessed.
      contentType: 'application/octet-stream',
      onProgress,
    }),
  uploadCover: (jpeg: Blob) =>
    api.call(tracksEndpoints.uploadCover, { body: jpeg, contentType: 'image/jpeg' }),
  generateCover: (prompt: string, seed: number) =>
    api.call(tracksEndpoints.generateCoverArt, { body: { prompt, seed } }),
  setFeatured: (trackId: string, featured: boolean) =>
    api.call(tracksEndpoints.setTrackFeatured, { params: { trackId }, body: { featured } }),
  retry: (trackId: string) => api.call(tracksEndpoints.retryTrack, { params: { trackId } }),
  remove: (trackId: string) => api.call(tracksEndpoints.deleteTrack, { params: { trackId } }),
};
