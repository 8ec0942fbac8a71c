import { chartMethodSchema } from './verdict';
import {
  artistPageSchema,
  artistParamsSchema,
  artistUrlParamsSchema,
  chartQuerySchema,
  chartResponseSchema,
  followedArtistsResponseSchema,
  libraryResponseSchema,
} from './catalogue.schema';
import { defineEndpoints, endpoint } from '../contract/endpoint';

/**
 * What a listener browses (spec 001 §2 and §4): the charts, the library, artist pages and the
 * followed artists, each masked for whoever asks; and the chart method, the same for everyone.
 */
export const catalogueEndpoints = defineEndpoints({
  chart: endpoint({
    method: 'GET',
    path: '/api/charts',
    query: chartQuerySchema,
    response: { 200: chartResponseSchema },
    tags: ['charts'],
  }),
  library: endpoint({
    method: 'GET',
    path: '/api/library',
    response: { 200: libraryResponseSchema },
    tags: ['library'],
  }),
  /** Public: a visitor without a session sees the profile and every track masked. */
  artistPage: endpoint({
    method: 'GET',
    path: '/api/artists/:artistId',
    params: artistParamsSchema,
    response: { 200: artistPageSchema },
    tags: ['artists'],
  }),
  /** A pro artist's custom URL (`/{artistUrl}`), public too. */
  artistPageByUrl: endpoint({
    method: 'GET',
    path: '/api/artists/by-url/:artistUrl',
    params: artistUrlParamsSchema,
    response: { 200: artistPageSchema },
    tags: ['artists'],
  }),
  followedArtists: endpoint({
    method: 'GET',
    path: '/api/me/follows',
    response: { 200: followedArtistsResponseSchema },
    tags: ['follows'],
  }),
  /** The published chart method's live figures (`/charts/method`), public. */
  chartMethod: endpoint({
    method: 'GET',
    path: '/api/charts/method',
    response: { 200: chartMethodSchema },
    tags: ['charts'],
  }),
});
