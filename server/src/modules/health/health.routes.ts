import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORMER_PROVIDER_KEYS, healthEndpoints, type HealthResponse } from '@klang/domain';
import { contractRoute } from '../../lib/contract-route';
import { within } from '../../lib/deadline';
import type { HealthRepository } from './health.repository';
import type { Readiness } from './readiness';

/** A database that has not answered `select 1` by then counts as down: health must not hang. */
const PING_TIMEOUT_MS = 1500;

async function databaseAnswers(repository: HealthRepository): Promise<boolean> {
  const ping = repository.ping().then(
    () => true,
    () => false,
  );
  const answer = await within(ping, PING_TIMEOUT_MS);
  return answer.done && answer.value;
}

/** This month's and next month's partitions of the deals exist; false when it cannot tell in time. */
async function dealMonthsMade(repository: HealthRepository): Promise<boolean> {
  const answer = await within(
    repository.dealMonthsReady().catch(() => false),
    PING_TIMEOUT_MS,
  );
  return answer.done && answer.value;
}

/**
 * Liveness (`/api/health`, 200 while the process answers, saying whether the database does) and
 * readiness (`/api/health/ready`, 503 while starting, draining or cut off from the database), so
 * a supervisor restarts only a dead process and a load balancer skips one that cannot serve.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  repository: HealthRepository;
  readiness: Readiness;
  providers: HealthResponse['providers'];
}> = async (app, { repository, readiness, providers: chosen }) => {
  // Each kind under its one word, and under the key it had before for an operator's older checks.
  const former = Object.entries(FORMER_PROVIDER_KEYS).flatMap(([key, kind]) =>
    chosen[kind] === undefined ? [] : [[key, chosen[kind]] as const],
  );
  const providers: HealthResponse['providers'] = { ...chosen, ...Object.fromEntries(former) };
  contractRoute(app, healthEndpoints.health, async () => {
    // Both asked at once, each within the ping's bound, so health answers within one bound.
    const [databaseReachable, monthsMade] = await Promise.all([
      databaseAnswers(repository),
      dealMonthsMade(repository),
    ]);
    const dealMonthsReady = databaseReachable && monthsMade;
    return {
      status: databaseReachable && dealMonthsReady ? ('ok' as const) : ('degraded' as const),
      database: repository.kind,
      databaseReachable,
      dealMonthsReady,
      providers,
    };
  });

  contractRoute(app, healthEndpoints.readiness, async (_request, reply) => {
    if (readiness.phase !== 'serving') {
      return reply.status(503).send({ ready: false, reason: readiness.phase });
    }
    if (!(await databaseAnswers(repository))) {
      return reply.status(503).send({ ready: false, reason: 'database unavailable' as const });
    }
    return { ready: true };
  });
};
