import type { HealthResponse } from '@klang/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createHealthRepository } from './health.repository';
import { healthRoutes } from './health.routes';
import { createReadiness, type Readiness } from './readiness';

/** Liveness and readiness (`/api/health`, `/api/health/ready`), naming each provider chosen. */
export async function registerHealth(
  app: FastifyInstance,
  deps: {
    db: Db;
    /** The process's phase; an app built without one is serving. */
    readiness: Readiness | undefined;
    providers: HealthResponse['providers'];
  },
): Promise<void> {
  await app.register(healthRoutes, {
    repository: createHealthRepository(deps.db),
    readiness: deps.readiness ?? createReadiness('serving'),
    providers: deps.providers,
  });
}
