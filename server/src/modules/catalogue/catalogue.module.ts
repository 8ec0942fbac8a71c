import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { registerJobs } from '../../jobs/registry';
import type { StorageProvider } from '../../providers/storage/storage';
import { createCatalogueJobKinds, requestChartSnapshot, requestChartVerdict } from './catalogue.jobs';
import { catalogueRoutes, chartMethodRoutes } from './catalogue.routes';
import { createCatalogueService } from './catalogue.service';

export interface CatalogueModuleDeps {
  db: Db;
  storage: StorageProvider;
  /** How long a genre's ranking is reused by this process (CHART_CACHE_MS). */
  chartCacheMs: number;
  /** The verdict's window (CHART_WINDOW_DAYS). */
  chartWindowDays: number;
  /** How old a trusted account is (VERDICT_ACCOUNT_MIN_AGE_HOURS). */
  accountMinAgeMs: number;
  /** The deck's first listens (FIRST_LISTENS), published with the chart's rules. */
  firstListens: number;
  /** Blind Radar's settings, published with the deal's rules. */
  radar: { enabled: boolean; band: number; explore: number };
}

/**
 * The catalogue: charts ranked by the blind verdict (decisions 0195, 0196) with their method
 * page, the library, public artist pages and followed artists, and the
 * `catalogue.refresh-verdicts` and `catalogue.write-snapshot` jobs. Returns its service: the tutor
 * names tracks through it, the web app's share cards read it.
 */
export async function registerCatalogue(app: FastifyInstance, deps: CatalogueModuleDeps) {
  const service = createCatalogueService({
    db: deps.db,
    storage: deps.storage,
    chartCacheMs: deps.chartCacheMs,
    chartWindowDays: deps.chartWindowDays,
    accountMinAgeMs: deps.accountMinAgeMs,
    firstListens: deps.firstListens,
    radar: deps.radar,
  });
  await app.register(catalogueRoutes, { service });
  await app.register(chartMethodRoutes, { service });
  registerJobs(app, {
    kinds: createCatalogueJobKinds({
      windowDays: deps.chartWindowDays,
      accountMinAgeMs: deps.accountMinAgeMs,
    }),
    periodic: { 'chart verdict': requestChartVerdict, 'chart snapshot': requestChartSnapshot },
  });
  return { service };
}
