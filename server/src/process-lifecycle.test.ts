import { request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createReadiness } from './modules/health/readiness';
import { drain } from './process-lifecycle';

/** One GET on a fresh connection; resolves with the status or rejects with the socket error. */
function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function slowServer(answerAfterMs: number) {
  const app = Fastify();
  let started!: () => void;
  const inFlight = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', async () => {
    started();
    await new Promise((resolve) => setTimeout(resolve, answerAfterMs));
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('not listening');
  return { app, port: address.port, inFlight };
}

describe('graceful stop', () => {
  it('says draining, refuses new connections, and answers the request in flight', async () => {
    const { app, port, inFlight } = await slowServer(300);
    const readiness = createReadiness('serving');
    const stops: unknown[] = [];
    const jobs = {
      stop: (options: unknown) => {
        stops.push(options);
        return Promise.resolve(0);
      },
    };

    const slow = get(port, '/slow');
    await inFlight;
    const drained = drain({ app, jobs, readiness }, { graceMs: 5000, delayMs: 0 });
    expect(readiness.phase).toBe('draining');
    await expect(get(port, '/slow')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await slow).toBe(200);
    expect(await drained).toEqual({ forcedConnections: false, jobsHandedBack: 0 });
    expect(stops).toEqual([{ graceMs: 5000 }]);
  });

  it('cuts a request that outlasts the grace instead of waiting for it', async () => {
    const { app, port, inFlight } = await slowServer(10_000);
    const readiness = createReadiness('serving');
    const jobs = { stop: () => Promise.resolve(2) };
    const slow = get(port, '/slow').catch((error: unknown) => error);
    await inFlight;
    const started = performance.now();
    expect(await drain({ app, jobs, readiness }, { graceMs: 100, delayMs: 0 })).toEqual({
      forcedConnections: true,
      jobsHandedBack: 2,
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(await slow).toMatchObject({ code: 'ECONNRESET' });
  });
});
