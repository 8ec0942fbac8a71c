import { tracksEndpoints } from '@klang/domain';
import { api } from '../../../lib/api-client';

/** One query-key factory for the artist's tracks and their dashboard. */
export const tracksKeys = {
  all: ['tracks'] as const,
  list: () => [...tracksKeys.all, 'list'] as const,
  dashboard: () => [...tracksKeys.all, 'dashboard'] as const,
};

/** The artist's own tracks (decision 0011): the list, uploads, covers, featuring and the dashboard. */
export const tracksApi = {
  tracks: () => api.call(tracksEndpoints.listTracks),
  dashboard: () => api.call(tracksEndpoints.tracksDashboard),

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
  /** The artist's tempo and key (decision 0265): a value sets it, null gives the measurement back. */
  setSound: (trackId: string, body: { bpm: number | null; key: string | null }) =>
    api.call(tracksEndpoints.setTrackSound, { params: { trackId }, body }),
  remove: (trackId: string) => api.call(tracksEndpoints.deleteTrack, { params: { trackId } }),
};
