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
    path: '/api/catalogue/charts',
    policy: { access: 'session', limit: null, cache: 'private, no-cache' },
    query: chartQuerySchema,
    response: { 200: chartResponseSchema },
    tags: ['catalogue'],
  }),
  library: endpoint({
    method: 'GET',
    path: '/api/catalogue/library',
    policy: { access: 'session', limit: null, cache: 'private, no-cache' },
    response: { 200: libraryResponseSchema },
    tags: ['catalogue'],
  }),
  /** Public: a visitor without a session sees the profile and every track masked. */
  artistPage: endpoint({
    method: 'GET',
    path: '/api/catalogue/artists/:artistId',
    policy: { access: 'public', limit: null, cache: 'private, no-cache' },
    params: artistParamsSchema,
    response: { 200: artistPageSchema },
    tags: ['catalogue'],
  }),
  /** A pro artist's custom URL (`/{artistUrl}`), public too. */
  artistPageByUrl: endpoint({
    method: 'GET',
    path: '/api/catalogue/artists/by-url/:artistUrl',
    policy: { access: 'public', limit: null, cache: 'private, no-cache' },
    params: artistUrlParamsSchema,
    response: { 200: artistPageSchema },
    tags: ['catalogue'],
  }),
  followedArtists: endpoint({
    method: 'GET',
    path: '/api/catalogue/followed-artists',
    policy: { access: 'session', limit: null, cache: 'private, no-cache' },
    response: { 200: followedArtistsResponseSchema },
    tags: ['catalogue'],
  }),
  /** The published chart method's live figures (`/charts/method`), public. */
  chartMethod: endpoint({
    method: 'GET',
    path: '/api/catalogue/charts/method',
    policy: { access: 'public', limit: null, cache: 'public, max-age=60' },
    response: { 200: chartMethodSchema },
    tags: ['catalogue'],
  }),
});
