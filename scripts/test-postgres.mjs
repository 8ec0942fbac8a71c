// Runs the server's route and repository tests against a real PostgreSQL server.
// TEST_DATABASE_URL wins; otherwise, when Debian's PostgreSQL binaries are installed, a
// throwaway cluster is started on a free port for the run and removed afterwards.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { findPgBin, startThrowawayCluster } from './pg-cluster.mjs';

const root = path.resolve(import.meta.dirname, '..');

/** @param {string} url */
function runServerTests(url) {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  return result.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) {
  process.exit(runServerTests(process.env.TEST_DATABASE_URL));
}
if (!findPgBin()) {
  console.log(
    'PostgreSQL run skipped: no TEST_DATABASE_URL and no PostgreSQL installed (apt-get install postgresql).',
  );
  process.exit(0);
}
const cluster = await startThrowawayCluster();
let status;
try {
  console.log(`PostgreSQL run: a throwaway cluster on 127.0.0.1:${cluster.port}`);
  status = runServerTests(cluster.url);
} finally {
  cluster.stop();
}
process.exit(status);
