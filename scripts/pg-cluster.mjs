// A throwaway PostgreSQL cluster from Debian's binaries, on a free loopback port, for test and
// benchmark runs. PostgreSQL refuses to run as root, so as root the cluster runs as `postgres`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** @returns {string | undefined} the bin directory of the newest installed PostgreSQL */
export function findPgBin() {
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

/**
 * Starts a cluster and returns its URL and a stop function that removes it.
 * @param {{ settings?: string[] }} [options] extra `-c name=value` server settings
 */
export async function startThrowawayCluster(options = {}) {
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
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
  const settings = ['listen_addresses=127.0.0.1', ...(options.settings ?? ['fsync=off'])]
    .map((s) => `-c ${s}`)
    .join(' ');
  asUser(path.join(bin, 'initdb'), ['-D', dataDir, '-U', 'klang', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const start = () =>
    asUser(path.join(bin, 'pg_ctl'), [
      '-D',
      dataDir,
      '-w',
      '-l',
      path.join(dir, 'server.log'),
      '-o',
      `-p ${port} -k ${dir} ${settings}`,
      'start',
    ]);
  start();
  return {
    url: `postgres://klang@127.0.0.1:${port}/postgres`,
    port,
    bin,
    /** Stops the server as an outage would (fast shutdown: sessions cut), keeping its data. */
    halt() {
      asUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
    },
    /** Starts the halted server again on the same port and data. */
    resume() {
      start();
    },
    stop() {
      try {
        asUser(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'immediate', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
