import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { artistTrackParamsSchema, trackHooksSchema } from '@klang/domain';
import { signedInId } from '../../plugins/session';
import { contentDisposition, toDownloadName } from '../../providers/storage/media-types';
import { hooksCsv } from './hook-aggregates';
import type { HooksService } from './hooks.service';

/** Hook analytics of the artist's own tracks (issue 19 item 5), as JSON and as a CSV download. */
export const hooksRoutes: FastifyPluginAsyncZod<{ service: HooksService }> = async (app, { service }) => {
  const auth = { preValidation: app.requireSession };
  const tags = ['analytics'];

  app.get(
    '/api/artist/tracks/:trackId/hooks',
    {
      ...auth,
      schema: {
        tags,
        summary: "A track's deals, like rate against its genre, skip curve and seconds to like",
        params: artistTrackParamsSchema,
        response: { 200: trackHooksSchema },
      },
    },
    async (request, reply) => {
      const hooks = await service.trackHooks(signedInId(request.account), request.params.trackId);
      return reply.header('cache-control', 'no-store').send(hooks);
    },
  );

  app.get(
    '/api/artist/tracks/:trackId/hooks.csv',
    {
      ...auth,
      schema: {
        tags,
        summary: 'The same hook analytics as a CSV download',
        params: artistTrackParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV: section, measure, value') },
      },
    },
    async (request, reply) => {
      const hooks = await service.trackHooks(signedInId(request.account), request.params.trackId);
      const name = toDownloadName(`${hooks.title} hooks.csv`, 'hooks.csv');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition(name))
        .header('cache-control', 'no-store')
        .send(hooksCsv(hooks));
    },
  );
};
