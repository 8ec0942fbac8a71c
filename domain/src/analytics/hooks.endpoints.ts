import { startAbTestSchema, trackAbTestSchema } from './ab-test.schema';
import { trackHooksSchema } from './analytics.schema';
import { binary, defineEndpoints, endpoint } from '../contract/endpoint';
import { artistTrackParamsSchema } from '../tracks/tracks.schema';

const tags = ['analytics'];

/** The hook analytics of an artist's own tracks (decision 0200), served by `modules/analytics`. */
export const hooksEndpoints = defineEndpoints({
  trackHooks: endpoint({
    method: 'GET',
    path: '/api/analytics/tracks/:trackId/hooks',
    params: artistTrackParamsSchema,
    response: { 200: trackHooksSchema },
    tags,
    summary: "A track's deals, like rate against its genre, skip curve and seconds to like",
  }),
  /** A download: the web app links to it, the session cookie goes along. */
  trackHooksCsv: endpoint({
    method: 'GET',
    path: '/api/analytics/tracks/:trackId/hooks.csv',
    params: artistTrackParamsSchema,
    response: binary('text/csv'),
    tags,
    summary: 'The same hook analytics as a CSV download: section, measure, value',
  }),
  /** Blind A/B tests of the artist's own featured track (issue 31 item 1, decision 0304). */
  trackAbTest: endpoint({
    method: 'GET',
    path: '/api/analytics/tracks/:trackId/ab-test',
    params: artistTrackParamsSchema,
    response: { 200: trackAbTestSchema },
    tags,
    summary: "The track's A/B test: what version B may be, and the running or last test's figures",
  }),
  startAbTest: endpoint({
    method: 'POST',
    path: '/api/analytics/tracks/:trackId/ab-test',
    params: artistTrackParamsSchema,
    body: startAbTestSchema,
    response: { 201: trackAbTestSchema },
    tags,
    summary: 'Starts a blind A/B test of the featured track against another upload of the artist',
  }),
  stopAbTest: endpoint({
    method: 'POST',
    path: '/api/analytics/tracks/:trackId/ab-test/stop',
    params: artistTrackParamsSchema,
    response: { 200: trackAbTestSchema },
    tags,
    summary: 'Stops the running test without a winner: version A stays the featured version',
  }),
  trackAbTestCsv: endpoint({
    method: 'GET',
    path: '/api/analytics/tracks/:trackId/ab-test.csv',
    params: artistTrackParamsSchema,
    response: binary('text/csv'),
    tags,
    summary: "The latest test's figures per version as a CSV download: version, measure, value",
  }),
});
