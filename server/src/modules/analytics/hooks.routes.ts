import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hooksEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import { contentDisposition, toDownloadName } from '../../providers/storage/media-types';
import { hooksCsv } from './hook-aggregates';
import type { HooksService } from './hooks.service';

/** Hook analytics of the artist's own tracks (issue 19 item 5), as JSON and as a CSV download. */
export const hooksRoutes: FastifyPluginAsyncZod<{ service: HooksService }> = async (app, { service }) => {
  contractRoute(app, hooksEndpoints.trackHooks, async (request) =>
    service.trackHooks(signedInId(request.account), request.params.trackId),
  );

  contractRoute(app, hooksEndpoints.trackHooksCsv, async (request, reply) => {
    const hooks = await service.trackHooks(signedInId(request.account), request.params.trackId);
    const name = toDownloadName(`${hooks.title} hooks.csv`, 'hooks.csv');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(name))
      .send(hooksCsv(hooks));
  });
};
