// The schema fuzzer of issue 18 over every operation of the OpenAPI document, as a visitor, a
// listener and an artist, on an embedded database; records what it sent and what came back.
// Goal: no 5xx. The route test server/src/test/openapi-fuzz.routes.test.ts runs the same fuzzer.
//   npx tsx bench/openapi-fuzz.ts          (writes bench/results/openapi-fuzz.json)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { accountsEndpoints } from '@klang/domain';
import { signUp } from '../server/src/test/accounts-helpers';
import { createTestApp } from '../server/src/test/app';
import { fuzzOpenApi } from '../server/src/test/openapi-fuzz';

const t = await createTestApp({ RATE_LIMITS: 'off' });
try {
  const listener = await signUp(t.app);
  const artist = await signUp(t.app, 'artist');
  const started = performance.now();
  const report = await fuzzOpenApi(
    t.app,
    [
      { name: 'visitor' },
      { name: 'listener', cookie: listener.cookie },
      { name: 'artist', cookie: artist.cookie },
    ],
    { skipSignedIn: [`${accountsEndpoints.logout.method} ${accountsEndpoints.logout.path}`] },
  );
  const seconds = (performance.now() - started) / 1000;
  const result = {
    benchmark: 'openapi-fuzz',
    recordedAt: new Date().toISOString(),
    goal: 'no 5xx on any operation of the OpenAPI document, for a visitor, a listener and an artist',
    pass: report.serverErrors.length === 0,
    routes: report.routes,
    operations: report.operations,
    clients: ['visitor', 'listener', 'artist'],
    requests: report.requests,
    seconds: Math.round(seconds * 10) / 10,
    statuses: Object.fromEntries(Object.entries(report.statuses).sort(([a], [b]) => a.localeCompare(b))),
    mutations: report.mutations,
    serverErrors: report.serverErrors,
  };
  writeFileSync(
    path.join(import.meta.dirname, 'results', 'openapi-fuzz.json'),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify({ ...result, mutations: undefined }, null, 2));
} finally {
  await t.close();
}
