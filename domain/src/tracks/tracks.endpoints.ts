import { z } from 'zod';
import { defineEndpoints, endpoint, rawBody } from '../contract/endpoint';
import { perAddress } from '../contract/policy';
import { LIMITS } from '../limits';
import {
  artistTrackParamsSchema,
  artistTracksResponseSchema,
  coverArtResultSchema,
  dashboardStatsSchema,
  featureTrackRequestSchema,
  generateCoverArtRequestSchema,
  uploadTrackQuerySchema,
  uploadTrackResponseSchema,
  TRACK_MESSAGES,
} from './tracks.schema';
import { setTrackSoundRequestSchema } from './track-sound';

const tags = ['tracks'];

/**
 * An artist's own tracks (spec 001 §5, §7, §9), served by `modules/tracks`: the list, the
 * streamed upload, covers (uploaded or generated), featuring, retry, deletion and the stats
 * dashboard. Every route is the signed-in artist's; a track id here is the artist's own and
 * never one a listener was dealt under an alias.
 */
export const tracksEndpoints = defineEndpoints({
  listTracks: endpoint({
    method: 'GET',
    path: '/api/tracks',
    policy: { access: 'artist', limit: null },
    response: { 200: artistTracksResponseSchema },
    tags,
  }),
  /**
   * The audio is the raw body and the fields the query. The types are what a browser may label
   * an audio file with; the content decides, never the declared type (decision 0011).
   */
  uploadTrack: endpoint({
    method: 'POST',
    path: '/api/tracks',
    policy: {
      access: 'artist',
      demoAccount: { refused: TRACK_MESSAGES.demoUpload },
      limit: perAddress(30, '15 minutes'),
    },
    query: uploadTrackQuerySchema,
    body: rawBody('application/octet-stream', ...LIMITS.audioMimeTypes, 'video/mp4'),
    response: { 201: uploadTrackResponseSchema },
    tags,
  }),
  uploadCover: endpoint({
    method: 'POST',
    path: '/api/tracks/covers',
    policy: {
      access: 'artist',
      demoAccount: { refused: TRACK_MESSAGES.demoUpload },
      limit: perAddress(30, '15 minutes'),
    },
    body: rawBody('image/jpeg', 'image/png', 'image/webp', 'image/gif'),
    response: { 201: coverArtResultSchema },
    tags,
  }),
  /** The spec's function (spec 001 §7), under its own name. */
  generateCoverArt: endpoint({
    method: 'POST',
    path: '/functions/v1/generate-cover-art',
    policy: {
      access: 'artist',
      demoAccount: { refused: TRACK_MESSAGES.demoUpload },
      limit: perAddress(20, '15 minutes'),
      dialect: 'function',
    },
    body: generateCoverArtRequestSchema,
    response: { 200: coverArtResultSchema },
    tags,
  }),
  setTrackFeatured: endpoint({
    method: 'PUT',
    path: '/api/tracks/:trackId/featured',
    policy: { access: 'artist', demoAccount: { refused: TRACK_MESSAGES.demoFeature }, limit: null },
    params: artistTrackParamsSchema,
    body: featureTrackRequestSchema,
    response: { 200: uploadTrackResponseSchema },
    tags,
  }),
  /**
   * The artist confirms or corrects the measured tempo and key (decision 0265): a value sets the
   * correction, null clears it, a missing field keeps it. A correction far from the measurement
   * is kept and flagged.
   */
  setTrackSound: endpoint({
    method: 'PUT',
    path: '/api/tracks/:trackId/sound',
    policy: { access: 'artist', demoAccount: { refused: TRACK_MESSAGES.demoUpdate }, limit: null },
    params: artistTrackParamsSchema,
    body: setTrackSoundRequestSchema,
    response: { 200: uploadTrackResponseSchema },
    tags,
  }),
  /** Processing failed: run it again on the stored original. */
  retryTrack: endpoint({
    method: 'POST',
    path: '/api/tracks/:trackId/retry',
    policy: { access: 'artist', demoAccount: { refused: TRACK_MESSAGES.demoUpdate }, limit: null },
    params: artistTrackParamsSchema,
    response: { 200: uploadTrackResponseSchema },
    tags,
  }),
  deleteTrack: endpoint({
    method: 'DELETE',
    path: '/api/tracks/:trackId',
    policy: { access: 'artist', demoAccount: { refused: TRACK_MESSAGES.demoDelete }, limit: null },
    params: artistTrackParamsSchema,
    response: { 204: z.null() },
    tags,
  }),
  /** The stats dashboard (spec 001 §9): totals, per-track numbers, 30 days of plays and likes. */
  tracksDashboard: endpoint({
    method: 'GET',
    path: '/api/tracks/dashboard',
    policy: { access: 'artist', limit: null },
    response: { 200: dashboardStatsSchema },
    tags,
  }),
});
