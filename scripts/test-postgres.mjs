// Runs the server's route and repository tests against a real PostgreSQL server.
// TEST_DATABASE_URL wins; otherwise, when Debian's PostgreSQL binaries are installed, a
// throwaway cluster is started on a free port for the run and removed afterwards.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** @param {string} url */
function runServerTests(url) {
  const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  return result.status ?? 1;
}

function findPgBin() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

if (process.env.TEST_DATABASE_URL) {
  process.exit(runServerTests(process.env.TEST_DATABASE_URL));
}

const bin = findPgBin();
if (!bin) {
  console.log(
    'PostgreSQL run skipped: no TEST_DATABASE_URL and no PostgreSQL installed (apt-get install postgresql).',
  );
  process.exit(0);
}

// PostgreSQL refuses to run as root; run the throwaway cluster as the postgres user then.
const isRoot = process.getuid?.() === 0;
/** @param {string} command @param {string[]} args */
const asUser = (command, args) =>
  isRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
    : execFileSync(command, args, { stdio: 'pipe' });

const dir = mkdtempSync(path.join(tmpdir(), 'klang-pg-'));
if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
const dataDir = path.join(dir, 'data');
const port = await freePort();
let status;
try {
  asUser(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'klang', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  asUser(path.join(bin, 'pg_ctl'), [
    '-D',
    dataDir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  console.log(`PostgreSQL run: a throwaway cluster on 127.0.0.1:${port}`);
  status = runServerTests(`postgres://klang@127.0.0.1:${port}/postgres`);
} finally {
  try {
    asUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
  } catch {
    // already stopped
  }
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
