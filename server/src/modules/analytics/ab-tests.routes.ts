import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hooksEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedIn, signedInId } from '../../plugins/session';
import { contentDisposition, toDownloadName } from '../../providers/storage/media-types';
import type { AbTestsService } from './ab-tests.service';

/** Blind A/B tests of the artist's own featured tracks (issue 31 item 1, decision 0304). */
export const abTestsRoutes: FastifyPluginAsyncZod<{ service: AbTestsService }> = async (app, { service }) => {
  contractRoute(app, hooksEndpoints.trackAbTest, async (request) =>
    service.page(signedInId(request.account), request.params.trackId),
  );

  contractRoute(app, hooksEndpoints.startAbTest, async (request, reply) =>
    reply
      .status(201)
      .send(await service.start(signedIn(request.account), request.params.trackId, request.body)),
  );

  contractRoute(app, hooksEndpoints.stopAbTest, async (request) =>
    service.stop(signedIn(request.account), request.params.trackId),
  );

  contractRoute(app, hooksEndpoints.trackAbTestCsv, async (request, reply) => {
    const { title, csv } = await service.csv(signedInId(request.account), request.params.trackId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        contentDisposition(toDownloadName(`${title} A-B test.csv`, 'ab-test.csv')),
      )
      .send(csv);
  });
};
