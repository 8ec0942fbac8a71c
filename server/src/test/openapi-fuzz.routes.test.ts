import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './accounts-helpers';
import { createTestApp, type TestApp } from './app';
import { fuzzOpenApi, sample } from './openapi-fuzz';

/**
 * Issue 18: every operation of the OpenAPI document, broken every way the fuzzer knows, as a
 * visitor, a listener and an artist, answers without a 5xx. `bench/openapi-fuzz.ts` runs the same
 * fuzzer and records its counts in bench/results/openapi-fuzz.json.
 */
describe('the schema fuzzer over the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'off' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('samples values the schemas accept', () => {
    expect(sample({ type: 'string', format: 'uuid' })).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      sample({ type: 'object', properties: { a: { type: 'integer', minimum: 3 }, b: { enum: ['x'] } } }),
    ).toEqual({
      a: 3,
      b: 'x',
    });
  });

  it('finds no 5xx on any route, for anyone', { timeout: 600_000 }, async () => {
    const listener = await signUp(t.app);
    const artist = await signUp(t.app, 'artist');
    const report = await fuzzOpenApi(
      t.app,
      [
        { name: 'visitor' },
        { name: 'listener', cookie: listener.cookie },
        { name: 'artist', cookie: artist.cookie },
      ],
      { skipSignedIn: ['POST /api/accounts/logout'] },
    );
    expect(report.operations).toBeGreaterThan(80);
    expect(report.requests).toBeGreaterThan(5000);
    expect(report.serverErrors).toEqual([]);
  });
});
