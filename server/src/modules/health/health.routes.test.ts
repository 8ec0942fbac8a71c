import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, healthResponseSchema, MESSAGES, readinessResponseSchema } from '@klang/domain';
import { DatabaseUnavailableError, isUnavailableError, type Db } from '../../db/client';
import { uploadDecoder } from '../../providers/audio/upload-decoder';
import { createTestApp, type TestApp } from '../../test/app';
import { createReadiness } from './readiness';

/** The error node-postgres gives for a server that is not there: a refused loopback connection. */
async function refusedConnectionError(): Promise<unknown> {
  // Port 1 on loopback: nothing listens there, so the connection is refused at once.
  const client = new pg.Client({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2000 });
  return client.connect().then(
    () => new Error('something listened on port 1'),
    (error: unknown) => error,
  );
}

/** The test database behind a switch: while `down`, every call fails the way an outage does. */
function switchable(db: Db, failure: () => unknown) {
  const state = { down: false };
  const gate = () => {
    if (state.down) throw new DatabaseUnavailableError(failure());
  };
  const wrapped: Db = {
    kind: db.kind,
    query: (sql, params, options) =>
      Promise.resolve()
        .then(gate)
        .then(() => db.query(sql, params, options)),
    exec: (sql) =>
      Promise.resolve()
        .then(gate)
        .then(() => db.exec(sql)),
    transaction: (work) =>
      Promise.resolve()
        .then(gate)
        .then(() => db.transaction(work)),
    close: () => db.close(),
  };
  return { state, wrapped };
}

describe('health, readiness and a database outage', () => {
  let t: TestApp;
  let refused: unknown;
  let outage: ReturnType<typeof switchable>;
  const readiness = createReadiness();

  beforeAll(async () => {
    refused = await refusedConnectionError();
    t = await createTestApp(
      {},
      {
        readiness,
        wrapDb: (db) => {
          outage = switchable(db, () => refused);
          return outage.wrapped;
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('tells an outage from a bad statement', async () => {
    expect(isUnavailableError(refused)).toBe(true);
    const bad = await t.db.query('select no_such_column from jobs').catch((error: unknown) => error);
    expect(isUnavailableError(bad)).toBe(false);
  });

  it('is not ready while starting or draining, and ready while serving', async () => {
    const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });
    let res = await ready();
    expect(res.statusCode).toBe(503);
    expect(readinessResponseSchema.parse(res.json())).toEqual({ ready: false, reason: 'starting' });

    readiness.serving();
    res = await ready();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ready: true });

    readiness.draining();
    res = await ready();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ ready: false, reason: 'draining' });
    // Draining is for good: a late `serving` does not bring traffic back.
    readiness.serving();
    expect((await ready()).statusCode).toBe(503);
  });

  it('answers 503 with a clear body while the database is down, and recovers without a restart', async () => {
    const serving = createReadiness('serving');
    const s = await createTestApp(
      {},
      {
        readiness: serving,
        wrapDb: (db) => {
          outage = switchable(db, () => refused);
          return outage.wrapped;
        },
      },
    );
    try {
      expect((await s.app.inject({ method: 'GET', url: '/api/demo-tracks' })).statusCode).toBe(200);

      outage.state.down = true;
      const res = await s.app.inject({ method: 'GET', url: '/api/demo-tracks' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      const body = errorBodySchema.parse(res.json());
      expect(body.error).toMatchObject({ code: 'UNAVAILABLE', message: MESSAGES.serviceUnavailable });
      // Nothing of the failure's inside reaches the client.
      expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack|at /);

      const health = await s.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(healthResponseSchema.parse(health.json())).toMatchObject({
        status: 'degraded',
        databaseReachable: false,
      });
      const ready = await s.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ready: false, reason: 'database unavailable' });

      outage.state.down = false;
      expect((await s.app.inject({ method: 'GET', url: '/api/demo-tracks' })).statusCode).toBe(200);
      expect((await s.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect((await s.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        status: 'ok',
        databaseReachable: true,
        // Which ffmpeg decodes uploads (decision 0251): Debian's when installed, else the bundled one.
        providers: { decoder: uploadDecoder().name },
      });
    } finally {
      await s.close();
    }
  });
});
