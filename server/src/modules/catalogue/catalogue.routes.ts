import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { catalogueEndpoints } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { signedInId } from '../../plugins/session';
import type { CatalogueService } from './catalogue.service';

/**
 * What a listener browses. Every response depends on who asks (masking), so its entries let
 * that browser alone keep it, checked again before reuse: a like elsewhere changes it.
 */
export const catalogueRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  contractRoute(app, catalogueEndpoints.chart, async (request) =>
    service.chart(signedInId(request.account), request.query.genre),
  );

  contractRoute(app, catalogueEndpoints.library, async (request) =>
    service.library(signedInId(request.account)),
  );

  // Artist pages are public (a custom URL is shared with people who are not signed in); a
  // visitor without a session sees the profile and every track masked.
  contractRoute(app, catalogueEndpoints.artistPage, async (request) =>
    service.artistById(request.account?.id ?? null, request.params.artistId),
  );

  contractRoute(app, catalogueEndpoints.artistPageByUrl, async (request) =>
    service.artistByUrl(request.account?.id ?? null, request.params.artistUrl),
  );

  contractRoute(app, catalogueEndpoints.followedArtists, async (request) =>
    service.followedArtists(signedInId(request.account)),
  );
};

/**
 * The published chart method (`/charts/method`, issue 19 item 4) is public: the same aggregates
 * for everyone, so any cache may keep them for a minute (the job recomputes every 10 minutes).
 */
export const chartMethodRoutes: FastifyPluginAsyncZod<{ service: CatalogueService }> = async (
  app,
  { service },
) => {
  contractRoute(app, catalogueEndpoints.chartMethod, async () => service.method());
};
