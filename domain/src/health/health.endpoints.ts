import { defineEndpoints, endpoint } from '../contract/endpoint';
import { healthResponseSchema, readinessResponseSchema } from './health.schema';

/** Liveness and readiness, for supervisors and load balancers; public, no session. */
export const healthEndpoints = defineEndpoints({
  health: endpoint({
    method: 'GET',
    path: '/api/health',
    policy: { access: 'public', limit: null },
    response: { 200: healthResponseSchema },
    tags: ['health'],
    summary: 'Liveness, database kind and reachability, providers',
  }),
  readiness: endpoint({
    method: 'GET',
    path: '/api/health/ready',
    policy: { access: 'public', limit: null },
    response: { 200: readinessResponseSchema, 503: readinessResponseSchema },
    tags: ['health'],
    summary: 'Readiness for a load balancer: 503 while starting, draining or without the database',
  }),
});
