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
});
