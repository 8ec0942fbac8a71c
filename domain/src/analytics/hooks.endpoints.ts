import { startAbTestSchema, trackAbTestSchema, AB_TEST_MESSAGES } from './ab-test.schema';
import { trackHooksSchema } from './analytics.schema';
import { binary, defineEndpoints, endpoint } from '../contract/endpoint';
import { perAddress } from '../contract/policy';
import { artistTrackParamsSchema } from '../tracks/tracks.schema';

const tags = ['analytics'];

/** The hook analytics of an artist's own tracks (decision 0200), served by `modules/analytics`. */
export const hooksEndpoints = defineEndpoints({
  trackHooks: endpoint({
    method: 'GET',
    path: '/api/analytics/tracks/:trackId/hooks',
    policy: { access: 'artist', limit: null, cache: 'no-store' },
    params: artistTrackParamsSchema,
    response: { 200: trackHooksSchema },
    tags,
    summary: "A track's deals, like rate against its genre, skip curve and seconds to like",
  }),
  /** A download: the web app links to it, the session cookie goes along. */
  trackHooksCsv: endpoint({
    method: 'GET',
    path: '/api/analytics/tracks/:trackId/hooks.csv',
    policy: { access: 'artist', limit: null, cache: 'no-store' },
    params: artistTrackParamsSchema,
    response: binary('text/csv'),
    tags,
    summary: 'The same hook analytics as a CSV download: section, measure, value',
  }),
  /** Blind A/B tests of the artist's own featured track (issue 31 item 1, decision 0304). */
  trackAbTest: endpoint({
    method: 'GET',
    path: '/api/analytics/tracks/:trackId/ab-test',
    policy: { access: 'artist', limit: null, cache: 'no-store' },
    params: artistTrackParamsSchema,
    response: { 200: trackAbTestSchema },
    tags,
    summary: "The track's A/B test: what version B may be, and the running or last test's figures",
  }),
  startAbTest: endpoint({
    method: 'POST',
    path: '/api/analytics/tracks/:trackId/ab-test',
    // Starting and stopping are a person's few clicks; a script's loop gets 429.
    policy: {
      access: 'artist',
      demoAccount: { refused: AB_TEST_MESSAGES.demo },
      limit: perAddress(20, '1 minute'),
      cache: 'no-store',
    },
    params: artistTrackParamsSchema,
    body: startAbTestSchema,
    response: { 201: trackAbTestSchema },
    tags,
    summary: 'Starts a blind A/B test of the featured track against another upload of the artist',
  }),
  stopAbTest: endpoint({
    method: 'POST',
    path: '/api/analytics/tracks/:trackId/ab-test/stop',
    policy: {
      access: 'artist',
      demoAccount: { refused: AB_TEST_MESSAGES.demo },
      limit: perAddress(20, '1 minute'),
      cache: 'no-store',
    },
    params: artistTrackParamsSchema,
    response: { 200: trackAbTestSchema },
    tags,
    summary: 'Stops the running test without a winner: version A stays the featured version',
  }),
  trackAbTestCsv: endpoint({
    method: 'GET',
    path: '/api/analytics/tracks/:trackId/ab-test.csv',
    policy: { access: 'artist', limit: null, cache: 'no-store' },
    params: artistTrackParamsSchema,
    response: binary('text/csv'),
    tags,
    summary: "The latest test's figures per version as a CSV download: version, measure, value",
  }),
});
