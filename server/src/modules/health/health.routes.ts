import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, readinessResponseSchema, type HealthResponse } from '@klang/domain';
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

/**
 * Liveness (`/api/health`, 200 while the process answers, saying whether the database does) and
 * readiness (`/api/health/ready`, 503 while starting, draining or cut off from the database), so
 * a supervisor restarts only a dead process and a load balancer skips one that cannot serve.
 */
export const healthRoutes: FastifyPluginAsyncZod<{
  repository: HealthRepository;
  readiness: Readiness;
  providers: HealthResponse['providers'];
}> = async (app, { repository, readiness, providers }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness, database kind and reachability, providers',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      const databaseReachable = await databaseAnswers(repository);
      return {
        status: databaseReachable ? ('ok' as const) : ('degraded' as const),
        database: repository.kind,
        databaseReachable,
        providers,
      };
    },
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness for a load balancer: 503 while starting, draining or without the database',
        response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
      },
    },
    async (_request, reply) => {
      if (readiness.phase !== 'serving') {
        return reply.status(503).send({ ready: false, reason: readiness.phase });
      }
      if (!(await databaseAnswers(repository))) {
        return reply.status(503).send({ ready: false, reason: 'database unavailable' as const });
      }
      return { ready: true };
    },
  );
};
